// Sign-in sessions: a new id at every sign-in, renewal through a hashed refresh token that is rotated at every
// use (a spent one coming back is theft), idle and absolute timeouts, revocation at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import { insertOnce } from '@lp/service-kit';
import { Types, type Connection, type Model } from 'mongoose';
import type { SessionLimits } from '../config';
import { openSuccessor, sealSuccessor } from '../auth/refresh-successor';
import { sessionState, shouldRecordActivity, withinRefreshGrace, type SessionState } from '../domain/session-rules';
import { sessionModel, type SessionDoc } from '../models/session';
import { refreshTokenModel, sessionEndModel, type RefreshTokenDoc, type SessionEndDoc } from '../models/session-records';
import { spentRefreshTokenModel, type SpentRefreshTokenDoc } from '../models/spent-refresh-token';

export type Rotation =
  | { kind: 'rotated'; session: SessionDoc; refreshToken: string }
  /** The token was spent before: whoever holds it now may have stolen it. `sid` is the session to end. */
  | { kind: 'reused'; sid: string; session: SessionDoc | null }
  | { kind: 'unknown' };

/*
 * What each write relies on (several replicas; FerretDB, where an update can undo a concurrent update of another
 * field of the same document, or MongoDB):
 * - a session is inserted once; afterwards only `lastSeenAt` is ever set on it (racing activity writes agree);
 * - each refresh token issued is an insert (`refresh_tokens`), spending one is a unique insert (`spent_refresh_tokens`,
 *   holding the sealed new token for the grace): the current token is the one issued and not spent;
 * - an end is a unique insert (`session_ends`) that nothing can undo; `revokedAt` is read from it.
 */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionsRepository {
  private readonly sessions: Model<SessionDoc>;
  private readonly spent: Model<SpentRefreshTokenDoc>;
  private readonly tokens: Model<RefreshTokenDoc>;
  private readonly ends: Model<SessionEndDoc>;

  constructor(db: Connection, readonly limits: SessionLimits, private readonly clock: () => Date) {
    this.sessions = sessionModel(db);
    this.spent = spentRefreshTokenModel(db);
    this.tokens = refreshTokenModel(db);
    this.ends = sessionEndModel(db);
  }

  /** The session with its end (if any) and the hash of `refreshHash` when known. */
  private async withEnd(session: SessionDoc | null, refreshHash?: string): Promise<SessionDoc | null> {
    if (!session) return null;
    const end = await this.ends.findById(session._id).lean();
    return { ...session, revokedAt: end?.endedAt ?? session.revokedAt ?? null, ...(refreshHash ? { refreshHash } : {}) };
  }

  /** The session a refresh token belongs to, whether or not the token is spent. */
  private async sessionOfToken(hash: string): Promise<SessionDoc | null> {
    const issued = await this.tokens.findById(hash).lean();
    if (issued) return this.withEnd(await this.sessions.findById(issued.sid).lean(), hash);
    // Sessions started before refresh tokens had records of their own hold their first hash in the document.
    return this.withEnd(await this.sessions.findOne({ refreshHash: hash }).lean(), hash);
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
    await this.tokens.create({ _id: session.refreshHash, sid: session._id, issuedAt: now });
    return { session, refreshToken };
  }

  async byId(sid: string): Promise<SessionDoc | null> {
    return typeof sid === 'string' && sid.length <= 64 ? this.withEnd(await this.sessions.findById(sid).lean()) : null;
  }

  /** The session whose current (issued, unspent) refresh token this is. */
  async byRefreshToken(token: string | undefined): Promise<SessionDoc | null> {
    if (!token || token.length > 128) return null;
    const hash = hashRefreshToken(token);
    if (await this.spent.exists({ _id: hash })) return null;
    return this.sessionOfToken(hash);
  }

  /**
   * Spends `token` and gives the session a new one. Spending is a unique insert keyed by the token's hash, written
   * with the new token sealed in it, so of two requests racing with the same token exactly one rotates; the other,
   * within the grace (REFRESH_GRACE_SECONDS) of a live session, gets the same new token from that record on any
   * replica, and past it is a reuse. A token that no session holds any more but that was spent is a reuse too.
   * Relies on: unique `_id` inserts (atomic on FerretDB and MongoDB); nothing is updated.
   */
  async rotate(token: string | undefined): Promise<Rotation> {
    if (!token || token.length > 128) return { kind: 'unknown' };
    const hash = hashRefreshToken(token);
    const session = await this.sessionOfToken(hash);
    if (!session) {
      const spent = await this.spent.findById(hash).lean();
      return spent ? { kind: 'reused', sid: spent.sid, session: await this.byId(spent.sid) } : { kind: 'unknown' };
    }
    const refreshToken = randomBytes(32).toString('base64url');
    const spending = { _id: hash, sid: session._id, spentAt: this.clock(), successor: sealSuccessor(token, refreshToken) };
    if (await insertOnce(this.spent, spending)) return this.rotatedTo(session, refreshToken);
    const spent = await this.spent.findById(hash).lean();
    const successor = spent && withinRefreshGrace(spent.spentAt, this.clock()) && this.state(session) === 'alive' ? openSuccessor(token, spent.successor) : null;
    return successor ? this.rotatedTo(session, successor) : { kind: 'reused', sid: session._id, session };
  }

  /** Records the new token as issued (once, whichever of the racing renewals gets here first). */
  private async rotatedTo(session: SessionDoc, refreshToken: string): Promise<Rotation> {
    const refreshHash = hashRefreshToken(refreshToken);
    await insertOnce(this.tokens, { _id: refreshHash, sid: session._id, issuedAt: this.clock() });
    return { kind: 'rotated', session: { ...session, refreshHash }, refreshToken };
  }

  state(session: SessionDoc): SessionState {
    return sessionState(session, this.clock(), this.limits);
  }

  /** Records activity (at most once a minute), which pushes the idle deadline back. */
  async recordActivity(session: SessionDoc): Promise<void> {
    const now = this.clock();
    if (!shouldRecordActivity(session.lastSeenAt, now)) return;
    await this.sessions.updateOne({ _id: session._id }, { $set: { lastSeenAt: now } });
    session.lastSeenAt = now;
  }

  /**
   * Whether a session has ended (an end recorded, or no such session), or with `eid` whether that admin elevation
   * has: what the gateway and the services ask while their feed of ended sessions is cut off.
   */
  async hasEnded(sid: string, eid?: string): Promise<boolean> {
    if (eid !== undefined && (await this.ends.exists({ _id: eid }))) return true;
    if (await this.ends.exists({ _id: sid })) return true;
    return !(await this.sessions.exists({ _id: sid }));
  }

  /** Records that an admin elevation ended (admin sign-out), by its own random id, beside the sessions' ends. */
  async revokeElevation(eid: string): Promise<void> {
    await insertOnce(this.ends, { _id: eid, endedAt: this.clock() });
  }

  async revoke(sid: string): Promise<void> {
    await insertOnce(this.ends, { _id: sid, endedAt: this.clock() }); // ended already: the first end stands
  }
}
