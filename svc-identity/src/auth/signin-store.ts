// @fastify/session's store for the sign-in flow: grant's state, nonce and PKCE verifier between /api/login and
// its callback, for at most ten minutes. In identity's database, so any instance can finish a flow another began.
import type { Session } from 'fastify';
import type { Connection, Model } from 'mongoose';
import { oauthFlowModel, type OAuthFlowDoc } from '../models/oauth-flow';

export const SIGNIN_FLOW_TTL_MS = 10 * 60_000;

type Callback<T = void> = (err?: Error | null, value?: T) => void;

export class SignInFlowStore {
  private readonly flows: Model<OAuthFlowDoc>;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.flows = oauthFlowModel(db);
  }

  get(sessionId: string, callback: (err: Error | null, session?: Session | null) => void) {
    this.flows.findById(sessionId).lean().then((doc) => {
      if (!doc || doc.expiresAt <= this.clock()) return callback(null, null);
      callback(null, JSON.parse(doc.data) as Session);
    }, (err: Error) => callback(err));
  }

  set(sessionId: string, session: Session, callback: Callback) {
    const now = this.clock();
    this.flows.updateOne({ _id: sessionId }, { $set: { data: JSON.stringify(session), expiresAt: new Date(now.getTime() + SIGNIN_FLOW_TTL_MS) } }, { upsert: true })
      .then(() => this.flows.deleteMany({ expiresAt: { $lte: now } }))
      .then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback) {
    this.flows.deleteOne({ _id: sessionId }).then(() => callback(), callback);
  }
}
