/**
 * Entries by id kept in localStorage under one key, as the offline pieces keep theirs (pending starts, kept quiz
 * sittings). Unreadable storage reads as empty; a full or blocked one keeps the entries for this page only.
 */
export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export class StoredRecords<T> {
  constructor(private readonly storage: Store | null, private readonly key: string) {}

  read(): Record<string, T> {
    try {
      const saved: unknown = JSON.parse(this.storage?.getItem(this.key) ?? '{}');
      return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, T>) : {};
    } catch {
      return {};
    }
  }

  /** Replaces every entry; none left removes the key. */
  write(all: Record<string, T>) {
    try {
      if (Object.keys(all).length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(all));
    } catch {
      // Storage full or blocked: what this page holds is all there is.
    }
  }

  remove(id: string) {
    const all = this.read();
    if (!(id in all)) return;
    delete all[id];
    this.write(all);
  }
}
