import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A refresh token issued to a session, keyed by its hash: one insert at sign-in and one at every rotation. The
 * session document itself is never rewritten with a new hash, because on FerretDB an update of one field can be
 * undone by a concurrent update of another (each rewrites the whole document): a refresh racing a sign-out could
 * otherwise bring a revoked session back, or lose the new token.
 */
export interface RefreshTokenDoc {
  _id: string;
  sid: string;
  issuedAt: Date;
}

/** A session's end (sign-out, replacement, theft): an insert, so no later write can undo it. `_id` is the session id. */
export interface SessionEndDoc {
  _id: string;
  endedAt: Date;
}

export function refreshTokenModel(db: Connection): Model<RefreshTokenDoc> {
  if (db.models.RefreshToken) return db.models.RefreshToken as Model<RefreshTokenDoc>;
  return db.model<RefreshTokenDoc>('RefreshToken', new Schema<RefreshTokenDoc>({
    _id: String, sid: { type: String, required: true }, issuedAt: { type: Date, required: true },
  }, { versionKey: false }), 'refresh_tokens');
}

export function sessionEndModel(db: Connection): Model<SessionEndDoc> {
  if (db.models.SessionEnd) return db.models.SessionEnd as Model<SessionEndDoc>;
  return db.model<SessionEndDoc>('SessionEnd', new Schema<SessionEndDoc>({ _id: String, endedAt: { type: Date, required: true } }, { versionKey: false }), 'session_ends');
}
