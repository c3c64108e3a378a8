// Runs tasks with the same key one after another within this process. FerretDB v1 (the embedded default)
// does not make concurrent updates of one document atomic: two `$inc`s or read-modify-writes can lose one.
// The service keeps counts derived from append-only records instead of counters, and serialises the few
// read-modify-writes it has (a learner's review card) per learner.
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
