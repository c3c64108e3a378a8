// Guests' browsers: ids this service issued (128 random bits), recorded so a client cannot choose one. Read by _id.
import { randomBytes } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { guestBrowserModel, type GuestBrowserDoc } from '../models/guest-browser';

export class GuestBrowsersRepository {
  private readonly browsers: Model<GuestBrowserDoc>;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.browsers = guestBrowserModel(db);
  }

  /** Whether `id` is one this service issued. */
  async issued(id: string): Promise<boolean> {
    return Boolean(await this.browsers.findById(id).lean());
  }

  /** A new browser id, recorded. */
  async issue(): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    await this.browsers.create({ _id: id, issuedAt: this.clock() });
    return id;
  }
}
