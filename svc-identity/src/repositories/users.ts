// Users: sign-in upserts, the profile choices, the disclaimer, and the e-mail search.
import type { ClassName, Role, UiLanguage, User, UserSummary } from '@lp/contracts';
import { createHash } from 'node:crypto';
import { isDuplicateKey } from '@lp/service-kit';
import { Types, type Connection, type Model } from 'mongoose';
import type { Profile } from '../domain/profile';
import { isFirstSignIn } from '../domain/first-sign-in';
import { userModel, type UserDoc } from '../models/user';

export interface SignInIdentity {
  provider: 'google' | 'local';
  subject: string;
  profile: Profile;
  role: Role;
  /** A fixed id for a new user (the demo accounts, or `UsersRepository.idFor`); otherwise a new ObjectId. */
  id?: string;
  /** A person signing in (not a seed): the sign-in is stamped, and a user it creates is a first sign-in. */
  signingIn?: boolean;
}

export class UsersRepository {
  private readonly users: Model<UserDoc>;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.users = userModel(db);
  }

  /**
   * Creates or refreshes the user behind a provider subject: name, e-mail, picture and role follow the
   * provider (and our role rules); the learner's own choices (class, subject, disclaimer) are kept.
   */
  async upsert({ provider, subject, profile, role, id, signingIn = false }: SignInIdentity): Promise<UserDoc> {
    const now = this.clock();
    const write = () => this.users.findOneAndUpdate(
      { provider, providerSubject: subject },
      {
        $set: { ...profile, emailLower: profile.email.toLowerCase(), role, updatedAt: now },
        ...(signingIn ? { $inc: { signIns: 1 } } : {}),
        $setOnInsert: {
          ...(id ? { _id: new Types.ObjectId(id) } : {}),
          selectedClass: null, selectedSubject: null, disclaimerAcceptedAt: null, createdAt: now,
          // Only a sign-in that creates the account is a first sign-in (a seeded demo account never is).
          createdBySignIn: signingIn,
        },
      },
      { upsert: true, new: true },
    ).lean();
    try {
      return (await write())!;
    } catch (err) {
      // Two first sign-ins of one new user at once (a double click): the unique index lets one insert; the other
      // finds the user it created and updates it.
      if (!isDuplicateKey(err)) throw err;
      return (await write())!;
    }
  }

  /**
   * The id the user behind a provider subject has, or will have when first stored: derived from the subject, so
   * two first sign-ins at once (and an event recorded before the user is stored) agree on it.
   */
  async idFor({ provider, subject, id }: SignInIdentity): Promise<string> {
    const existing = await this.users.findOne({ provider, providerSubject: subject }, { _id: 1 }).lean();
    if (existing) return existing._id.toHexString();
    return id ?? createHash('sha256').update(`${provider}:${subject}`).digest('hex').slice(0, 24);
  }

  async byId(id: string): Promise<UserDoc | null> {
    return Types.ObjectId.isValid(id) ? this.users.findById(id).lean() : null;
  }

  /** Saving a class clears the subject (a subject belongs to one class). */
  async setClass(id: string, selectedClass: ClassName): Promise<UserDoc | null> {
    return this.users.findByIdAndUpdate(id, { $set: { selectedClass, selectedSubject: null, updatedAt: this.clock() } }, { new: true }).lean();
  }

  async setSubject(id: string, selectedSubject: string): Promise<UserDoc | null> {
    return this.users.findByIdAndUpdate(id, { $set: { selectedSubject, updatedAt: this.clock() } }, { new: true }).lean();
  }

  async setUntimed(id: string, untimed: boolean): Promise<UserDoc | null> {
    return this.users.findByIdAndUpdate(id, { $set: { untimed, updatedAt: this.clock() } }, { new: true }).lean();
  }

  async setLanguage(id: string, language: UiLanguage): Promise<UserDoc | null> {
    return this.users.findByIdAndUpdate(id, { $set: { language, updatedAt: this.clock() } }, { new: true }).lean();
  }

  /** Idempotent: the first acceptance time is kept. */
  async acceptDisclaimer(id: string): Promise<UserDoc | null> {
    await this.users.updateOne({ _id: id, disclaimerAcceptedAt: null }, { $set: { disclaimerAcceptedAt: this.clock() } });
    return this.byId(id);
  }

  /** Exact, case-insensitive; the oldest account wins if two providers share an address. */
  async byEmail(email: string): Promise<UserDoc | null> {
    return this.users.findOne({ emailLower: email.trim().toLowerCase() }).sort({ createdAt: 1 }).lean();
  }
}

export function toUser(doc: UserDoc): User {
  return {
    id: doc._id.toHexString(),
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    profileImageUrl: doc.profileImageUrl ?? null,
    role: doc.role,
    selectedClass: doc.selectedClass ?? null,
    selectedSubject: doc.selectedSubject ?? null,
    language: doc.language ?? null,
    firstSignIn: isFirstSignIn(doc),
    untimed: doc.untimed === true,
  };
}

/** Exactly what search may reveal about another user. */
export function toUserSummary(doc: UserDoc): UserSummary {
  return { id: doc._id.toHexString(), firstName: doc.firstName, lastName: doc.lastName, profileImageUrl: doc.profileImageUrl ?? null };
}
