// Names of users for challenge cards, and whether they play in untimed mode, kept from identity.user.upserted (read by _id).
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

  /** The user's untimed-mode setting (issue 33 §3); false until identity says otherwise. */
  async untimedOf(userId: string): Promise<boolean> {
    return (await this.names.findById(userId).lean())?.untimed === true;
  }

  /**
   * A set by _id: a redelivered or repeated event changes nothing, and the latest values win. An event without
   * `untimed` (a sign-in) leaves the setting as it was.
   */
  async remember(userId: string, name: string, email: string, untimed?: boolean): Promise<void> {
    await this.names.updateOne({ _id: userId }, { $set: { name, email, ...(untimed === undefined ? {} : { untimed }) } }, { upsert: true });
  }
}
