// Append-only numbered lists that concurrency cannot break: entry n of a list is the document
// `<list>:<n>`, and each entry names what it stands for in `ref`, which has a unique index. So
// - two racers never take the same number (unique _id), and a capped list never exceeds its cap;
// - one thing (an attempt, a challenge) takes at most one entry in a list, however often it is retried (unique ref);
// - numbers taken always form a prefix 1..n (n is tried only after n-1 was seen taken), so the length is found
//   by galloping over _id lookups and entries are read by _id, never by a filter (a full scan on FerretDB).
// Used by svc-challenge for a challenge's uses (capped at maxUses), a learner's sent challenges and a learner's inbox.
import { Schema, type Connection, type Model } from 'mongoose';
import { KeyedLock } from './keyed-lock';
import { isDuplicateKey, modelOn } from './records';

export interface EntryDoc { _id: string; list: string; n: number; ref: string; at: Date }
const schema = new Schema<EntryDoc>({ _id: String, list: String, n: Number, ref: { type: String, unique: true }, at: Date }, { versionKey: false });

export class NumberedLists {
  private readonly model: Model<EntryDoc>;
  readonly ready: Promise<unknown>;
  private readonly known = new Map<string, number>();
  private readonly local = new KeyedLock();

  constructor(db: Connection, collection = 'list_entries') {
    this.model = modelOn(db, `NumberedLists_${collection}`, schema, collection);
    this.ready = this.model.init();
  }

  private id(list: string, n: number) { return `${list}:${n}`; }
  private refOf(list: string, ref: string) { return `${list}|${ref}`; }

  private note(list: string, n: number) {
    if ((this.known.get(list) ?? 0) < n) this.known.set(list, n);
    if (this.known.size > 50_000) this.known.delete(this.known.keys().next().value as string);
  }

  /** The number `ref` holds in `list`: a new one, the one it already held, or null when the list is full. */
  async add(list: string, ref: string, { max = null as number | null, at = new Date() } = {}): Promise<number | null> {
    await this.ready;
    const fullRef = this.refOf(list, ref);
    return this.local.run(list, async () => {
      for (let n = (this.known.get(list) ?? 0) + 1; ; n++) {
        if (max !== null && n > max) {
          const held = await this.model.findOne({ ref: fullRef }).lean(); // rare: only once the list is full
          return held?.n ?? null;
        }
        try {
          await this.model.create({ _id: this.id(list, n), list, n, ref: fullRef, at });
          this.note(list, n);
          return n;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        const atN = await this.model.findById(this.id(list, n)).lean();
        if (atN?.ref === fullRef) { this.note(list, n); return n; }
        if (!atN) {
          // The duplicate was `ref`: it already holds an entry further down the list.
          const held = await this.model.findOne({ ref: fullRef }).lean();
          if (held) return held.n;
          continue; // vanished (never happens: entries are not deleted); try this number again
        }
        this.note(list, n);
      }
    });
  }

  private async taken(list: string, n: number) {
    return n <= 0 || (await this.model.exists({ _id: this.id(list, n) })) !== null;
  }

  /** How many entries the list has. */
  async count(list: string): Promise<number> {
    let low = this.known.get(list) ?? 0;
    if (!(await this.taken(list, low))) low = 0;
    let step = 1;
    let high = low + step;
    while (await this.taken(list, high)) { low = high; step *= 2; high = low + step; }
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (await this.taken(list, mid)) low = mid; else high = mid;
    }
    this.note(list, low);
    return low;
  }

  /** The refs of entries from..to (1-based, inclusive), in order. */
  async refs(list: string, from: number, to: number): Promise<string[]> {
    if (to < from) return [];
    const ids = Array.from({ length: to - from + 1 }, (_, i) => this.id(list, from + i));
    const docs = await Promise.all(ids.map((id) => this.model.findById(id).lean()));
    const prefix = `${list}|`;
    return docs.flatMap((d) => (d ? [d.ref.slice(prefix.length)] : []));
  }
}
