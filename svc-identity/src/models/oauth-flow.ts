import { Schema, type Connection, type Model } from 'mongoose';

/** @fastify/session's store for the short sign-in flow (grant's state, nonce, PKCE verifier), shared by all instances. */
export interface OAuthFlowDoc {
  _id: string;
  data: string;
  expiresAt: Date;
}

export function oauthFlowModel(db: Connection): Model<OAuthFlowDoc> {
  if (db.models.OAuthFlow) return db.models.OAuthFlow as Model<OAuthFlowDoc>;
  const schema = new Schema<OAuthFlowDoc>({ _id: String, data: String, expiresAt: Date }, { versionKey: false });
  schema.index({ expiresAt: 1 }); // the sweep of expired flows (FerretDB has no TTL index)
  return db.model<OAuthFlowDoc>('OAuthFlow', schema, 'oauth_flows');
}
