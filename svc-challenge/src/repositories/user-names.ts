// Names of users for challenge cards, kept from identity.user.upserted (read by _id).
import type { Connection, Model } from 'mongoose';
import { userNameModel, type UserNameDoc } from '../models/attempt';

export class UserNamesRepository {
  private readonly names: Model<UserNameDoc>;

  constructor(db: Connection) {
    this.names = userNameModel(db);
  }

  async nameOf(userId: string): Promise<string | null> {
    return (await this.names.findById(userId).lean())?.name ?? null;
  }

  /** A replace by _id: a redelivered or repeated event changes nothing, and the latest name wins. */
  async remember(userId: string, name: string, email: string): Promise<void> {
    await this.names.replaceOne({ _id: userId }, { name, email }, { upsert: true });
  }
}
