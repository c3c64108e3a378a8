// Human-readable numbers (ticket numbers, order numbers): unique and increasing, from any number of
// processes. Number n is taken by inserting `<name>:<n>`, so no two callers get the same n. Taken numbers
// always form a prefix 1..max (nobody inserts n before n-1 exists), so a caller finds the first free
// number by galloping and binary search over _id lookups, then claims it; a lost race moves one up.
import { Schema, type Connection, type Model } from 'mongoose';
import { KeyedLock } from './keyed-lock';
import { insertOnce, modelOn } from './records';

interface NumberDoc { _id: string; at: Date }
const numberSchema = new Schema<NumberDoc>({ _id: String, at: Date }, { versionKey: false });

export class Sequence {
  private readonly model: Model<NumberDoc>;
  /** The highest number this process knows is taken. */
  private known = 0;
  private readonly local = new KeyedLock();

  constructor(db: Connection, private readonly name: string, { collection = 'sequences' }: { collection?: string } = {}) {
    this.model = modelOn(db, `Sequence_${collection}`, numberSchema, collection);
  }

  private id(n: number) {
    return `${this.name}:${n}`;
  }

  private async taken(n: number) {
    return n <= 0 || (await this.model.exists({ _id: this.id(n) })) !== null;
  }

  /** The first number not yet taken, searching up from what this process knows. */
  private async firstFree(): Promise<number> {
    let low = this.known; // taken (or 0)
    let step = 1;
    let high = low + step;
    while (await this.taken(high)) {
      low = high;
      step *= 2;
      high = low + step;
    }
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (await this.taken(mid)) low = mid;
      else high = mid;
    }
    return high;
  }

  /** The next number: unique across processes, greater than every number handed out before this call began. */
  async next(at = new Date()): Promise<number> {
    // One caller at a time per process: concurrent callers here would only race each other for the same n.
    return this.local.run(this.name, async () => {
      for (let n = await this.firstFree(); ; n++) {
        const mine = await insertOnce(this.model, { _id: this.id(n), at });
        this.known = Math.max(this.known, n);
        if (mine) return n;
      }
    });
  }
}
