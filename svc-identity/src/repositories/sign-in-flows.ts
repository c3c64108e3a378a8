// The sign-in flow's short-lived state (grant's state, nonce and PKCE verifier between /api/login and its callback),
// in identity's database so any instance can finish a flow another began. FerretDB has no TTL index: each save
// sweeps the expired flows.
import type { Connection, Model } from 'mongoose';
import { oauthFlowModel, type OAuthFlowDoc } from '../models/oauth-flow';

export class SignInFlowsRepository {
  private readonly flows: Model<OAuthFlowDoc>;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.flows = oauthFlowModel(db);
  }

  /** The flow's data while it has not expired. */
  async live(id: string): Promise<string | null> {
    const doc = await this.flows.findById(id).lean();
    return doc && doc.expiresAt > this.clock() ? doc.data : null;
  }

  /** Saves the flow until `ttlMs` from now, and removes the flows that have expired. */
  async save(id: string, data: string, ttlMs: number): Promise<void> {
    const now = this.clock();
    await this.flows.updateOne({ _id: id }, { $set: { data, expiresAt: new Date(now.getTime() + ttlMs) } }, { upsert: true });
    await this.flows.deleteMany({ expiresAt: { $lte: now } });
  }

  async remove(id: string): Promise<void> {
    await this.flows.deleteOne({ _id: id });
  }
}
