/** A localStorage stand-in the offline stores can be given (they take any `getItem`/`setItem`/`removeItem`). */
export class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}
