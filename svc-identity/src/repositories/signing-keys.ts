// The embedded default's session signing key, generated once and kept in identity's own database.
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { signingKeyModel, type SigningKeyDoc } from '../models/signing-key';

export class SigningKeysRepository {
  private readonly keys: Model<SigningKeyDoc>;

  constructor(db: Connection) {
    this.keys = signingKeyModel(db);
  }

  /**
   * The stored key, `candidate` if none was stored yet. An insert, so that two instances starting together agree on
   * one key: the loser reads the winner's.
   */
  async currentOr(candidate: Record<string, unknown>, at: Date): Promise<Record<string, unknown>> {
    await insertOnce(this.keys, { _id: 'current', privateJwk: candidate, createdAt: at });
    const stored = await this.keys.findById('current').lean();
    return stored!.privateJwk;
  }
}
