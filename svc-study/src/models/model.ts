import type { Connection, Model, Schema } from 'mongoose';

/** A model on the service's own connection, defined once per connection. */
export function modelOn<T>(db: Connection, name: string, schema: Schema<T>, collection: string): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema, collection);
}

/** Keys of documents that are unique per learner: `<userId>:<other id>`. */
export const learnerKey = (userId: string, id: string) => `${userId}:${id}`;

export const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;
