// The embedded default's OpenID Connect provider (oidc-provider), started by svc-identity itself when no Google
// credentials are configured. It has one client (identity) and signs in the demo accounts, without passwords.
// Sign-in then runs through the same grant flow and the same id_token checks as with Google.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_ACCOUNTS, demoAccountBySubject } from '../domain/demo-accounts';
import { NEW_LEARNER_ACCOUNT, newLearnerFromForm, type NewLearner } from '../domain/new-learner';
import { renderLoginPage } from './login-page';

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface LocalProviderOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The one redirect URI registered for identity: `${PUBLIC_URL}/api/login/callback`. */
  redirectUri: string;
  demoAdminPassword?: string;
}

export const LOCAL_CLIENT_ID = 'lp-identity';
const SCOPE = 'openid email profile';

export async function startLocalProvider({ port, redirectUri, demoAdminPassword }: LocalProviderOptions): Promise<LocalProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client secret and keys live as long as this process: provider and client restart together.
  const clientSecret = randomBytes(32).toString('base64url');
  // "New learner" accounts this provider has signed in, by subject: it only needs them for the sign-in under way
  // (identity keeps the user); bounded, oldest dropped first.
  const newLearners = new Map<string, NewLearner>();
  const rememberLearner = (learner: NewLearner) => {
    newLearners.delete(learner.subject);
    newLearners.set(learner.subject, learner);
    if (newLearners.size > 10_000) newLearners.delete(newLearners.keys().next().value as string);
  };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);

  const provider = new Provider(issuer, {
    clients: [{
      client_id: LOCAL_CLIENT_ID,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    }],
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture'] },
    // Put the profile in the id_token (identity reads it from there, like Google's).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Seconds. The provider keeps these in memory (its development adapter): they only live for one sign-in.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = demoAccountBySubject(sub) ?? newLearners.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`.trim(),
        }),
      };
    },
    // Consent is granted automatically for our own client (it is the only one).
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, provider: op } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await op.Grant.find(grantId) : undefined;
      if (existing) return existing;
      if (client.clientId !== LOCAL_CLIENT_ID) return undefined;
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
  });

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?\/?(?:\?.*)?$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    interaction(provider, req, res, match[1]!, match[2] as 'login' | 'abort' | undefined, demoAdminPassword, rememberLearner).catch((err: unknown) => {
      if (res.headersSent) return void res.end();
      send(res, 400, 'text/plain; charset=utf-8', `This sign-in cannot continue (${(err as Error).message}). Start again from the sign-in button.`);
    });
  });

  return {
    issuer,
    clientId: LOCAL_CLIENT_ID,
    clientSecret,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse, uid: string, step: 'login' | 'abort' | undefined, demoAdminPassword: string | undefined, rememberLearner: (learner: NewLearner) => void) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('the interaction does not belong to this browser');

  if (step === undefined && req.method === 'GET') {
    if (details.prompt.name !== 'login') {
      // Consent for our own client: granted (loadExistingGrant normally makes this unreachable).
      return provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
    }
    return send(res, 200, 'text/html; charset=utf-8', renderLoginPage({ uid, accounts: DEMO_ACCOUNTS, demoAdminPassword }));
  }
  if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Use the buttons on the sign-in page.');
  if (step === 'abort') {
    return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The sign-in was cancelled.' }, { mergeWithLastSubmission: false });
  }
  const form = new URLSearchParams(await readBody(req));
  if (form.get('account') === NEW_LEARNER_ACCOUNT) {
    const result = newLearnerFromForm(form.get('name'), form.get('email'));
    if (!result.ok) {
      return send(res, 400, 'text/html; charset=utf-8', renderLoginPage({ uid, accounts: DEMO_ACCOUNTS, demoAdminPassword, newLearner: { error: result.message, name: form.get('name') ?? '', email: form.get('email') ?? '' } }));
    }
    rememberLearner(result.learner);
    return provider.interactionFinished(req, res, { login: { accountId: result.learner.subject, remember: false } }, { mergeWithLastSubmission: false });
  }
  const account = demoAccountBySubject(form.get('account') ?? '');
  if (!account) return send(res, 400, 'text/plain; charset=utf-8', 'Choose one of the demo accounts on the sign-in page.');
  return provider.interactionFinished(req, res, { login: { accountId: account.subject, remember: false } }, { mergeWithLastSubmission: false });
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

async function readBody(req: IncomingMessage, limit = 4096): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('the form is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}


