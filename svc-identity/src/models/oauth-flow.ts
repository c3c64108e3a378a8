import { Schema, type Connection, type Model } from 'mongoose';

/** @fastify/session's store for the short sign-in flow (grant's state, nonce, PKCE verifier), shared by all instances. */
export interface OAuthFlowDoc {
  _id: string;
  data: string;
  expiresAt: Date;
}

export function oauthFlowModel(db: Connection): Model<OAuthFlowDoc> {
  return (db.models.OAuthFlow as Model<OAuthFlowDoc> | undefined) ?? db.model<OAuthFlowDoc>('OAuthFlow', new Schema<OAuthFlowDoc>({
    _id: String, data: String, expiresAt: Date,
  }, { versionKey: false }), 'oauth_flows');
}
