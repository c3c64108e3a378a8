// Sign-in sessions: a new id at every sign-in, renewal through a hashed refresh token that is rotated at every
// use (a spent one coming back is theft), idle and absolute timeouts, revocation at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import { Types, type Connection, type Model } from 'mongoose';
import type { SessionLimits } from '../config';
import { sessionState, shouldRecordActivity, type SessionState } from '../domain/session-rules';
import { sessionModel, type SessionDoc } from '../models/session';
import { spentRefreshTokenModel, type SpentRefreshTokenDoc } from '../models/spent-refresh-token';

export type Rotation =
  | { kind: 'rotated'; session: SessionDoc; refreshToken: string }
  /** The token was spent before: whoever holds it now may have stolen it. `sid` is the session to end. */
  | { kind: 'reused'; sid: string; session: SessionDoc | null }
  | { kind: 'unknown' };

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionsRepository {
  private readonly sessions: Model<SessionDoc>;
  private readonly spent: Model<SpentRefreshTokenDoc>;

  constructor(db: Connection, readonly limits: SessionLimits, private readonly clock: () => Date) {
    this.sessions = sessionModel(db);
    this.spent = spentRefreshTokenModel(db);
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

  /**
   * Spends `token` and gives the session a new one. Spending is a unique insert keyed by the token's hash, so of
   * two requests racing with the same token exactly one rotates and the other is a reuse; a token that no
   * session holds any more but that was spent is a reuse too. Relies on: unique `_id` insert (atomic on FerretDB
   * and MongoDB). The new hash is then set by `_id`; only the request that won the insert gets there.
   */
  async rotate(token: string | undefined): Promise<Rotation> {
    if (!token || token.length > 128) return { kind: 'unknown' };
    const hash = hashRefreshToken(token);
    const session = await this.sessions.findOne({ refreshHash: hash }).lean();
    if (!session) {
      const spent = await this.spent.findById(hash).lean();
      return spent ? { kind: 'reused', sid: spent.sid, session: await this.byId(spent.sid) } : { kind: 'unknown' };
    }
    try {
      await this.spent.create({ _id: hash, sid: session._id, spentAt: this.clock() });
    } catch (err) {
      if (isDuplicateKey(err)) return { kind: 'reused', sid: session._id, session };
      throw err;
    }
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshHash = hashRefreshToken(refreshToken);
    await this.sessions.updateOne({ _id: session._id }, { $set: { refreshHash } });
    return { kind: 'rotated', session: { ...session, refreshHash }, refreshToken };
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
