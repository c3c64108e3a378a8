// Starting, renewing and ending sign-in sessions, and the cookies that carry them.
import type { SessionClaims } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endedMessage, tokenExpiry } from '../domain/session-rules';
import type { SigningKey } from '../keys/signing-key';
import type { SessionDoc } from '../models/session';
import type { UserDoc } from '../models/user';
import type { SessionsRepository } from '../repositories/sessions';
import type { UsersRepository } from '../repositories/users';
import type { IdentityCookies } from './cookies';
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
   * A new sign-in: the browser's previous session (if any) is revoked, a new one starts with a new id, and the
   * session and refresh cookies are set. The admin elevation of the previous session does not carry over.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, user: UserDoc): Promise<SessionDoc> {
    const previous = await this.sessions.byRefreshToken(request.cookies[this.cookies.names.refresh]);
    if (previous) await this.sessions.revoke(previous._id);
    if (request.user?.sid && request.user.sid !== previous?._id) await this.sessions.revoke(request.user.sid);
    const { session, refreshToken } = await this.sessions.start(user._id.toHexString());
    const absoluteEnd = new Date(session.createdAt.getTime() + this.sessions.limits.absoluteTimeoutSeconds * 1000);
    this.cookies.setRefresh(reply, refreshToken, absoluteEnd);
    this.cookies.clearAdmin(reply);
    await this.issue(reply, user, session);
    return session;
  }

  /**
   * Re-issues the session JWT from the refresh cookie while the session is alive (idle and absolute limits
   * checked here). A dead or unknown refresh cookie clears the browser's cookies.
   */
  async renew(request: FastifyRequest, reply: FastifyReply): Promise<Renewal> {
    const token = request.cookies[this.cookies.names.refresh];
    if (!token) return { ok: false, message: 'Sign in to continue.' };
    const session = await this.sessions.byRefreshToken(token);
    const state = session ? this.sessions.state(session) : 'revoked';
    const user = session && state === 'alive' ? await this.users.byId(session.userId.toHexString()) : null;
    if (!session || state !== 'alive' || !user) {
      this.cookies.clearSignIn(reply);
      return { ok: false, message: session && state !== 'alive' ? endedMessage(state, this.sessions.limits) : 'Sign in to continue.' };
    }
    await this.sessions.recordActivity(session);
    const { claims, expiresAt } = await this.issue(reply, user, session);
    request.user = claims;
    return { ok: true, claims, session, user, expiresAt };
  }

  /** Sign-out: revokes the session (found by the refresh cookie, else by the JWT) and clears every cookie. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await this.sessions.byRefreshToken(request.cookies[this.cookies.names.refresh]);
    if (session) await this.sessions.revoke(session._id);
    if (request.user?.sid) await this.sessions.revoke(request.user.sid);
    this.cookies.clearSignIn(reply);
  }
}
