// "Do this once": a record keyed by what must happen once. The unique _id index is the only write that is
// exact under concurrency on both MongoDB and the embedded FerretDB v1 (whose updates, even conditional ones,
// lose writes when two processes race), so every exactly-once primitive here is built from inserts and deletes.
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Whether a write failed on a unique index (E11000): the one duplicate-key check of the platform. Some driver paths
 * (an upsert's findOneAndUpdate on FerretDB) give only the message, so the message counts too.
 */
export const isDuplicateKey = (err: unknown) =>
  (err as { code?: number } | null)?.code === 11000 || /E11000|duplicate key/i.test(String((err as Error | null)?.message ?? ''));

/** A model on a connection, defined once per connection. */
export function modelOn<T>(db: Connection, name: string, schema: Schema<T>, collection: string): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema, collection);
}

/** Inserts `doc`; true when this call created it, false when a document with its _id (or unique key) exists. */
export async function insertOnce<T>(model: Model<T>, doc: Partial<T> & { _id: unknown }): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

interface OnceDoc { _id: string; value: unknown; at: Date }
const onceSchema = new Schema<OnceDoc>({ _id: String, value: Schema.Types.Mixed, at: Date }, { versionKey: false, minimize: false });

/**
 * Outcomes decided once: the first `decide(key, value)` stores its value, every later call (from any process)
 * gets the stored one back. An idempotency key for a command, a score fixed at completion, a payment captured.
 */
export class OnceLog<T> {
  private readonly model: Model<OnceDoc>;

  constructor(db: Connection, collection: string) {
    this.model = modelOn(db, `Once_${collection}`, onceSchema, collection);
  }

  async decide(key: string, value: T, at = new Date()): Promise<{ first: boolean; value: T }> {
    if (await insertOnce(this.model, { _id: key, value, at })) return { first: true, value };
    const stored = await this.model.findById(key).lean();
    if (!stored) throw new Error(`once record ${key} vanished while being read`);
    return { first: false, value: stored.value as T };
  }

  async get(key: string): Promise<T | null> {
    const stored = await this.model.findById(key).lean();
    return stored ? (stored.value as T) : null;
  }
}
