// Starting, renewing and ending sign-in sessions, and the cookies that carry them.
import type { SessionClaims } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endedMessage, tokenExpiry, type SessionState } from '../domain/session-rules';
import type { SigningKey } from '../keys/signing-key';
import type { SessionDoc } from '../models/session';
import type { UserDoc } from '../models/user';
import type { SessionsRepository } from '../repositories/sessions';
import type { UsersRepository } from '../repositories/users';
import type { IdentityCookies } from './cookies';
import type { SessionEnds } from './session-ends';
import { signSessionToken } from './tokens';

export type Renewal =
  | { ok: true; claims: SessionClaims; session: SessionDoc; user: UserDoc; expiresAt: Date }
  | { ok: false; message: string };

export class SessionIssuer {
  constructor(
    private readonly key: SigningKey,
    readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    readonly cookies: IdentityCookies,
    private readonly clock: () => Date,
    readonly ends: SessionEnds,
  ) {}

  /** Signs a session JWT for `user` in `session` and sets the session cookie. */
  async issue(reply: FastifyReply, user: UserDoc, session: SessionDoc): Promise<{ claims: SessionClaims; expiresAt: Date }> {
    const now = this.clock();
    // Whole seconds, as the token carries it.
    const exp = Math.floor(tokenExpiry(session, now, this.sessions.limits).getTime() / 1000);
    const expiresAt = new Date(exp * 1000);
    const claims: SessionClaims = { sub: user._id.toHexString(), role: user.role, sid: session._id, exp };
    this.cookies.setSession(reply, await signSessionToken(this.key, claims, now, expiresAt), expiresAt);
    return { claims, expiresAt };
  }

  /**
   * A new sign-in: the browser's previous session (if any) is ended everywhere, a new one starts with a new id,
   * and the session and refresh cookies are set. The admin elevation of the previous session does not carry over.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, user: UserDoc): Promise<SessionDoc> {
    const previous = await this.sessions.byRefreshToken(request.cookies[this.cookies.names.refresh]);
    if (previous) await this.ends.endSession(previous._id, previous.userId.toHexString(), 'replaced', previous);
    if (request.user?.sid && request.user.sid !== previous?._id) await this.ends.endSession(request.user.sid, request.user.sub, 'replaced');
    const { session, refreshToken } = await this.sessions.start(user._id.toHexString());
    const absoluteEnd = new Date(session.createdAt.getTime() + this.sessions.limits.absoluteTimeoutSeconds * 1000);
    this.cookies.setRefresh(reply, refreshToken, absoluteEnd);
    this.cookies.clearAdmin(reply);
    await this.issue(reply, user, session);
    return session;
  }

  /**
   * Re-issues the session JWT from the refresh cookie while the session is alive (idle and absolute limits
   * checked here), and rotates the refresh token: each one works once. A spent one coming back means two
   * holders (one may be a thief), so the whole session ends. A dead or unknown refresh cookie clears the
   * browser's cookies.
   */
  async renew(request: FastifyRequest, reply: FastifyReply): Promise<Renewal> {
    const token = request.cookies[this.cookies.names.refresh];
    if (!token) return { ok: false, message: 'Sign in to continue.' };
    const rotation = await this.sessions.rotate(token);
    if (rotation.kind === 'reused' && rotation.session && this.sessions.state(rotation.session) !== 'alive') {
      // An old cookie of a session that is over anyway (signed out, idle, expired): nothing left to protect.
      this.cookies.clearSignIn(reply);
      return { ok: false, message: endedMessage(this.sessions.state(rotation.session) as Exclude<SessionState, 'alive'>, this.sessions.limits) };
    }
    if (rotation.kind === 'reused') {
      const owner = rotation.session?.userId.toHexString();
      if (owner) await this.ends.endSession(rotation.sid, owner, 'refresh-reuse', rotation.session);
      request.log.warn({ sid: rotation.sid, userId: owner }, 'a spent refresh token was used again; the session is ended');
      this.cookies.clearSignIn(reply);
      return { ok: false, message: 'For your safety this sign-in was ended, because it was used from two places. Sign in again.' };
    }
    const session = rotation.kind === 'rotated' ? rotation.session : null;
    const state = session ? this.sessions.state(session) : 'revoked';
    const user = session && state === 'alive' ? await this.users.byId(session.userId.toHexString()) : null;
    if (rotation.kind !== 'rotated' || !session || state !== 'alive' || !user) {
      this.cookies.clearSignIn(reply);
      return { ok: false, message: session && state !== 'alive' ? endedMessage(state, this.sessions.limits) : 'Sign in to continue.' };
    }
    await this.sessions.recordActivity(session);
    const absoluteEnd = new Date(session.createdAt.getTime() + this.sessions.limits.absoluteTimeoutSeconds * 1000);
    this.cookies.setRefresh(reply, rotation.refreshToken, absoluteEnd);
    const { claims, expiresAt } = await this.issue(reply, user, session);
    request.user = claims;
    return { ok: true, claims, session, user, expiresAt };
  }

  /**
   * Sign-out: ends the session (found by the refresh cookie, else by the JWT) everywhere, with every admin
   * elevation granted in it, and clears every cookie.
   */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await this.sessions.byRefreshToken(request.cookies[this.cookies.names.refresh]);
    if (session) await this.ends.endSession(session._id, session.userId.toHexString(), 'signed-out', session);
    if (request.user?.sid && request.user.sid !== session?._id) await this.ends.endSession(request.user.sid, request.user.sub, 'signed-out');
    this.cookies.clearSignIn(reply);
  }
}
