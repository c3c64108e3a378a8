// Runs tasks with the same key one after another within this process. On its own it protects nothing
// across replicas; the primitives use it so that a process's own callers queue locally and only one of
// them at a time contends in the database (one poller per process instead of hundreds).
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
