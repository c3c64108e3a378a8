// Sign-in and sign-out: browser navigations. GET /api/login → provider → GET /api/login/callback → `/`.
import fastifySession from '@fastify/session';
import { Login, LoginCallback, Logout } from '@lp/contracts';
import { addRoute, AppError, errorBody, type ServiceApp } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNIN_COOKIE_PATH } from '../../auth/cookies';
import type { GrantFlowSession } from '../../auth/grant-flow';
import { IdTokenError, verifyIdToken } from '../../auth/id-token';
import { SIGNIN_FLOW_TTL_MS, SignInFlowStore } from '../../auth/signin-store';
import { profileFromClaims, roleFor } from '../../domain/profile';
import { safeReturnTo } from '../../domain/return-to';
import { upsertAndAnnounce } from '../../events/user-upserted';
import type { Identity } from '../../identity';

declare module 'fastify' {
  interface Session {
    grant?: GrantFlowSession;
    returnTo?: string;
  }
}

export async function loginRoutes(app: ServiceApp, identity: Identity) {
  const { signIn, config } = identity;

  await app.register(async (scope) => {
    // The sign-in flow's own short session (grant's state, nonce and PKCE verifier), only on /api/login*.
    await scope.register(fastifySession, {
      // Derived from the session signing key, so every instance with the same key shares it.
      secret: identity.key.derivedSecret('signin-cookie'),
      cookieName: identity.cookies.names.signin,
      cookie: { path: SIGNIN_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: config.production, maxAge: SIGNIN_FLOW_TTL_MS },
      saveUninitialized: false,
      rolling: false,
      store: new SignInFlowStore(identity.signInFlows),
    });

    addRoute(scope as ServiceApp, Login, async (request, reply) => {
      if (!signIn.enabled) throw new AppError(503, signIn.reason, 'SIGN_IN_NOT_CONFIGURED');
      const { location, session } = await signIn.flow.start();
      request.session.grant = session;
      request.session.returnTo = safeReturnTo(request.query.returnTo);
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    });

    addRoute(scope as ServiceApp, LoginCallback, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!signIn.enabled) throw new AppError(503, signIn.reason, 'SIGN_IN_NOT_CONFIGURED');
      const flow = request.session.grant ?? {};
      const returnTo = safeReturnTo(request.session.returnTo);
      // One use: the flow's state cannot be replayed.
      await request.session.destroy();

      const tokens = await signIn.flow.finish(request.query as Record<string, unknown>, flow);
      if (tokens.error !== undefined) {
        const cancelled = tokens.error === 'access_denied';
        request.log.warn({ error: describe(tokens.error) }, 'sign-in callback refused');
        return failure(request, reply, 400, cancelled ? 'Sign-in was cancelled.' : `Sign-in did not complete: ${describe(tokens.error)}`);
      }

      let claims;
      try {
        claims = await verifyIdToken(tokens.id_token, await signIn.keys(), { issuers: signIn.settings.issuers, audience: signIn.settings.clientId, nonce: flow.nonce ?? '' });
      } catch (err) {
        if (!(err instanceof IdTokenError)) {
          request.log.error({ err }, 'the provider keys could not be read');
          return failure(request, reply, 502, 'The sign-in provider could not be reached to check your sign-in. Please try again.');
        }
        request.log.warn({ reason: err.message }, 'id_token refused');
        return failure(request, reply, 401, `Sign-in refused: ${err.message}`);
      }

      const profile = profileFromClaims(claims);
      if (!profile.email) return failure(request, reply, 400, 'Your account did not share an e-mail address, which this app needs. Allow e-mail access and sign in again.');
      const user = await upsertAndAnnounce(identity.bus, identity.users, {
        provider: signIn.settings.name,
        subject: claims.sub,
        profile,
        role: roleFor(signIn.settings.name, claims, config.ownerEmails),
        signingIn: true,
      });
      await identity.issuer.signIn(request, reply, user);
      return reply.redirect(returnTo, 302);
    });
  });

  addRoute(app, Logout, async (request, reply) => {
    await identity.issuer.signOut(request, reply);
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', 302);
  });
}

function describe(error: unknown): string {
  const text = typeof error === 'string' ? error : typeof error === 'object' && error && 'error' in error ? String((error as { error: unknown }).error) : 'unknown error';
  return text.replace(/^Grant: /, '').slice(0, 200);
}

/** A browser gets a short page with a way back; an API client gets the one error shape. */
function failure(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const body = errorBody(status, message, 'SIGN_IN_FAILED');
  if (!(request.headers.accept ?? '').includes('text/html')) return reply.status(status).send(body);
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply.status(status).type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in did not complete</title></head><body><main><h1>Sign-in did not complete</h1><p>${escaped}</p><p><a href="/api/login">Try again</a> · <a href="/">Back to Home</a></p></main></body></html>`);
}
