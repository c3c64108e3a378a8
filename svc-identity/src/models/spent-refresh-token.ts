import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A refresh token that has been used once, keyed by its hash. Spending is a unique insert, the one write that is
 * exactly-once on FerretDB as on MongoDB: of two requests presenting the same token, exactly one inserts, and the
 * other (or any later use) is a reuse.
 */
export interface SpentRefreshTokenDoc {
  _id: string;
  sid: string;
  spentAt: Date;
  /** The token it was rotated to, sealed with a key only the spent token gives (auth/refresh-successor.ts). */
  successor?: string;
}

export function spentRefreshTokenModel(db: Connection): Model<SpentRefreshTokenDoc> {
  if (db.models.SpentRefreshToken) return db.models.SpentRefreshToken as Model<SpentRefreshTokenDoc>;
  const schema = new Schema<SpentRefreshTokenDoc>({
    _id: String,
    sid: { type: String, required: true },
    spentAt: { type: Date, required: true },
    successor: { type: String },
  }, { versionKey: false });
  return db.model<SpentRefreshTokenDoc>('SpentRefreshToken', schema, 'spent_refresh_tokens');
}
