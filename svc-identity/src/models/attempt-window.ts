import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Admin password attempts in one fixed window, per user or per IP: `_id` is `<kind>:<key>:<window start ms>`.
 * Kept in the database so every identity instance counts the same attempts. FerretDB has no TTL indexes,
 * so past windows are deleted by the code that counts.
 */
export interface AttemptWindowDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

export function attemptWindowModel(db: Connection): Model<AttemptWindowDoc> {
  return (db.models.AttemptWindow as Model<AttemptWindowDoc> | undefined) ?? db.model<AttemptWindowDoc>('AttemptWindow', new Schema<AttemptWindowDoc>({
    _id: String, count: Number, expiresAt: Date,
  }, { versionKey: false }), 'admin_attempts');
}
