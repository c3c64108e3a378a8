import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** The embedded default's session signing key, generated once and kept in identity's own database. */
export interface SigningKeyDoc {
  _id: string;
  privateJwk: Record<string, unknown>;
  createdAt: Date;
}

export function signingKeyModel(db: Connection): Model<SigningKeyDoc> {
  return (db.models.SigningKey as Model<SigningKeyDoc> | undefined) ?? db.model<SigningKeyDoc>('SigningKey', new Schema<SigningKeyDoc>({
    _id: String, privateJwk: { type: Object, required: true }, createdAt: Date,
  }, { versionKey: false }), 'signing_keys');
}
