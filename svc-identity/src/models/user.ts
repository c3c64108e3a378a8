import type { ClassName, Role, UiLanguage } from '@lp/contracts';
import { Schema, Types, type Connection, type Model } from 'mongoose';

/** A user, keyed by the provider and the provider's subject (`sub`); the id is ours. */
export interface UserDoc {
  _id: Types.ObjectId;
  provider: 'google' | 'local';
  providerSubject: string;
  email: string;
  /** Lower-cased, for the exact, case-insensitive search. */
  emailLower: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: Role;
  selectedClass: ClassName | null;
  /** A subject id from the content.chapter.published read model. */
  selectedSubject: string | null;
  disclaimerAcceptedAt: Date | null;
  /** The interface language the user chose (absent until they choose one). */
  language?: UiLanguage | null;
  /** True when a sign-in created this user (false or absent for seeded and older users). */
  createdBySignIn?: boolean;
  /** How many times the user has signed in (counted since this field exists). */
  signIns?: number;
  /** Untimed mode (issue 33 §3): timers hidden, time never a challenge tie-break. Absent: off. */
  untimed?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function userModel(db: Connection): Model<UserDoc> {
  if (db.models.User) return db.models.User as Model<UserDoc>;
  const schema = new Schema<UserDoc>({
    provider: { type: String, required: true },
    providerSubject: { type: String, required: true },
    email: { type: String, required: true },
    emailLower: { type: String, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    profileImageUrl: { type: String, default: null },
    role: { type: String, required: true },
    selectedClass: { type: String, default: null },
    selectedSubject: { type: String, default: null },
    disclaimerAcceptedAt: { type: Date, default: null },
    language: { type: String, default: null },
    createdBySignIn: { type: Boolean, default: false },
    signIns: { type: Number, default: 0 },
    untimed: { type: Boolean, default: false },
    createdAt: Date,
    updatedAt: Date,
  }, { versionKey: false });
  schema.index({ provider: 1, providerSubject: 1 }, { unique: true });
  // By e-mail, the oldest account first (the local provider's accounts and the admin's owner check).
  schema.index({ emailLower: 1, createdAt: 1 });
  return db.model<UserDoc>('User', schema, 'users');
}
