import type { Connection, Model, Schema } from 'mongoose';

/** A model on the service's own connection, defined once per connection. */
export function modelOn<T>(db: Connection, name: string, schema: Schema<T>, collection: string): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema, collection);
}

/** Keys of documents that are unique per learner: `<userId>:<other id>`. */
export const learnerKey = (userId: string, id: string) => `${userId}:${id}`;

export const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/**
 * An upsert that survives a race. FerretDB (the embedded default) answers two concurrent upserts of the
 * same new _id with one success and one duplicate-key error; the loser then updates the existing document.
 */
export async function upsertOne<T>(model: Model<T>, filter: Record<string, unknown>, update: Record<string, unknown>) {
  try {
    await model.updateOne(filter, update, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const { $setOnInsert: _ignored, ...rest } = update;
    if (Object.keys(rest).length > 0) await model.updateOne(filter, rest as never);
  }
}
