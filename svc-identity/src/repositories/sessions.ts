// Sign-in sessions: a new id at every sign-in, renewal through a hashed refresh token, idle and absolute
// timeouts, revocation at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import { Types, type Connection, type Model } from 'mongoose';
import type { SessionLimits } from '../config';
import { sessionState, shouldRecordActivity, type SessionState } from '../domain/session-rules';
import { sessionModel, type SessionDoc } from '../models/session';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionsRepository {
  private readonly sessions: Model<SessionDoc>;

  constructor(db: Connection, readonly limits: SessionLimits, private readonly clock: () => Date) {
    this.sessions = sessionModel(db);
  }

  /** A new session with a fresh random id and a 256-bit refresh token (returned once, stored hashed). */
  async start(userId: string): Promise<{ session: SessionDoc; refreshToken: string }> {
    const now = this.clock();
    const refreshToken = randomBytes(32).toString('base64url');
    const session: SessionDoc = {
      _id: randomBytes(16).toString('base64url'),
      userId: new Types.ObjectId(userId),
      refreshHash: hashRefreshToken(refreshToken),
      createdAt: now,
      lastSeenAt: now,
      revokedAt: null,
    };
    await this.sessions.create(session);
    return { session, refreshToken };
  }

  async byId(sid: string): Promise<SessionDoc | null> {
    return typeof sid === 'string' && sid.length <= 64 ? this.sessions.findById(sid).lean() : null;
  }

  async byRefreshToken(token: string | undefined): Promise<SessionDoc | null> {
    if (!token || token.length > 128) return null;
    return this.sessions.findOne({ refreshHash: hashRefreshToken(token) }).lean();
  }

  state(session: SessionDoc): SessionState {
    return sessionState(session, this.clock(), this.limits);
  }

  /** Records activity (at most once a minute), which pushes the idle deadline back. */
  async recordActivity(session: SessionDoc): Promise<void> {
    const now = this.clock();
    if (!shouldRecordActivity(session.lastSeenAt, now)) return;
    await this.sessions.updateOne({ _id: session._id, revokedAt: null }, { $set: { lastSeenAt: now } });
    session.lastSeenAt = now;
  }

  async revoke(sid: string): Promise<void> {
    await this.sessions.updateOne({ _id: sid, revokedAt: null }, { $set: { revokedAt: this.clock() } });
  }
}
