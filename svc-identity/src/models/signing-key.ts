import type { Connection } from 'mongoose';
import { Schema } from 'mongoose';

/** The embedded default's session signing key, generated once and kept in identity's own database. */
export interface SigningKeyDoc {
  _id: string;
  privateJwk: Record<string, unknown>;
  createdAt: Date;
}

export function signingKeyModel(db: Connection) {
  return db.models.SigningKey ?? db.model<SigningKeyDoc>('SigningKey', new Schema<SigningKeyDoc>({
    _id: String, privateJwk: { type: Object, required: true }, createdAt: Date,
  }, { versionKey: false }), 'signing_keys');
}
