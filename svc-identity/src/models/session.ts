import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One sign-in. `_id` is the session id (`sid` in the tokens), new at every sign-in. The refresh token that
 * renews its short JWTs is stored only as a SHA-256 hash.
 */
export interface SessionDoc {
  _id: string;
  userId: Types.ObjectId;
  refreshHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export function sessionModel(db: Connection): Model<SessionDoc> {
  if (db.models.Session) return db.models.Session as Model<SessionDoc>;
  const schema = new Schema<SessionDoc>({
    _id: String,
    userId: { type: Schema.Types.ObjectId, required: true },
    refreshHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
  }, { versionKey: false });
  schema.index({ refreshHash: 1 }, { unique: true });
  schema.index({ userId: 1 });
  return db.model<SessionDoc>('Session', schema, 'sessions');
}
