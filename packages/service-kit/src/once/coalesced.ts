// Concurrent calls of one kind of write, sent as one database command. A request still awaits its own result,
// but while a command is in flight the next requests queue, and all of them go out together when it returns
// ("group commit"): alone, a call is sent at once (no added wait); under load, one command serves many calls.
// On the embedded FerretDB a command costs about a millisecond of CPU whatever it carries, so this is what keeps a
// classroom's answers within two cores; on MongoDB it saves round trips.
//
// Nothing here weakens a guarantee: a batched insert is the same unique insert per document (`ordered: false`, so
// one duplicate fails only itself), and a batched delete removes exactly the documents named.
import type { Model } from 'mongoose';
import { isDuplicateKey } from './records';

export interface CoalescerOptions {
  /** Most items in one command. */
  maxBatch?: number;
  /** Commands of this kind in flight at once; more callers queue and go together in the next one. */
  maxInFlight?: number;
}

type Settle<R> = { resolve: (r: R) => void; reject: (e: unknown) => void };

/** Runs `send` over the items queued meanwhile; `send` returns one result (or an Error) per item, in order. */
export class Coalescer<I, R> {
  private queue: Array<{ item: I } & Settle<R>> = [];
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  /** Commands sent and items carried, for tests and the README's figures. */
  readonly stats = { commands: 0, items: 0 };

  constructor(private readonly send: (items: I[]) => Promise<Array<R | Error>>, { maxBatch = 256, maxInFlight = 1 }: CoalescerOptions = {}) {
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
  }

  run(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.stats.commands += 1;
      this.stats.items += batch.length;
      this.send(batch.map((b) => b.item)).then(
        (results) => batch.forEach((b, i) => {
          const r = results[i];
          if (r instanceof Error) b.reject(r);
          else b.resolve(r as R);
        }),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      ).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }
}

interface WriteErrorLike { index: number; code?: number; errmsg?: string }

/** The per-document errors of an unordered insertMany (the driver's MongoBulkWriteError), by index. */
function writeErrorsOf(err: unknown): WriteErrorLike[] | null {
  const e = err as { writeErrors?: WriteErrorLike | WriteErrorLike[]; code?: number };
  if (!e || e.writeErrors === undefined) return null;
  return Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
}

/**
 * `insertOnce` for many callers at once: each document is its own unique insert; true when this call created it,
 * false when its _id (or a unique key) already existed, whether in the database or earlier in the same batch.
 * Documents go to the driver as given (no mongoose defaults or casting): callers build them whole.
 */
export class InsertBatch<T> {
  private readonly coalescer: Coalescer<T, boolean>;

  constructor(model: Pick<Model<T>, 'collection'>, options?: CoalescerOptions) {
    this.coalescer = new Coalescer<T, boolean>(async (docs) => {
      try {
        await model.collection.insertMany(docs as never[], { ordered: false });
        return docs.map(() => true);
      } catch (err) {
        const errors = writeErrorsOf(err);
        if (!errors) throw err;
        const results: Array<boolean | Error> = docs.map(() => true);
        for (const w of errors) {
          results[w.index] = isDuplicateKey(w) ? false : Object.assign(new Error(w.errmsg ?? 'insert failed'), { code: w.code });
        }
        return results;
      }
    }, options);
  }

  get stats() { return this.coalescer.stats; }

  insertOnce(doc: T): Promise<boolean> {
    return this.coalescer.run(doc);
  }
}

/** Deletes documents by their string _id, many callers' in one `deleteMany({_id: {$in}})`. */
export class DeleteBatch {
  private readonly coalescer: Coalescer<string, void>;

  constructor(model: Pick<Model<never>, 'collection'>, options?: CoalescerOptions) {
    this.coalescer = new Coalescer<string, void>(async (ids) => {
      // One id alone is an equality, which FerretDB answers from its _id index; `$in` it filters by reading the
      // collection, fine for the small collections (leases, claims) deletes are kept to.
      const unique = [...new Set(ids)];
      if (unique.length === 1) await model.collection.deleteOne({ _id: unique[0] } as never);
      else await model.collection.deleteMany({ _id: { $in: unique } } as never);
      return ids.map(() => undefined);
    }, options);
  }

  get stats() { return this.coalescer.stats; }

  delete(id: string): Promise<void> {
    return this.coalescer.run(id);
  }
}

/** `updateOne({_id}, update)` for many callers in one unordered bulk write; each update is applied on its own. */
export class UpdateBatch<T> {
  private readonly coalescer: Coalescer<{ id: string; update: object }, void>;

  constructor(model: Pick<Model<T>, 'collection'>, options?: CoalescerOptions) {
    this.coalescer = new Coalescer<{ id: string; update: object }, void>(async (ops) => {
      try {
        await model.collection.bulkWrite(ops.map((o) => ({ updateOne: { filter: { _id: o.id }, update: o.update } })) as never[], { ordered: false });
        return ops.map(() => undefined);
      } catch (err) {
        const errors = writeErrorsOf(err);
        if (!errors) throw err;
        const results: Array<void | Error> = ops.map(() => undefined);
        for (const w of errors) results[w.index] = Object.assign(new Error(w.errmsg ?? 'update failed'), { code: w.code });
        return results;
      }
    }, options);
  }

  get stats() { return this.coalescer.stats; }

  updateOne(id: string, update: object): Promise<void> {
    return this.coalescer.run({ id, update });
  }
}
