// Which provider signs in, built from the environment: Google with no code change, else the local provider.
import { describe, expect, it } from 'vitest';
import { createGrantFlow } from '../../src/auth/grant-flow';
import { googleSettings, localSettings } from '../../src/auth/provider-settings';
import { readIdentityConfig } from '../../src/config';

const google = { GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'g-secret', PUBLIC_URL: 'https://learn.example.in/' };

describe('readIdentityConfig', () => {
  it('has the embedded default values', () => {
    const config = readIdentityConfig({});
    expect(config).toMatchObject({
      production: false, publicUrl: 'http://127.0.0.1:8080', google: null, oidcPort: 4010, adminPasswordHash: undefined,
      session: { tokenTtlSeconds: 600, idleTimeoutSeconds: 7200, absoluteTimeoutSeconds: 604800 },
    });
    expect([config.trustedProxies('127.0.0.1'), config.trustedProxies('::1'), config.trustedProxies('10.0.0.5')]).toEqual([true, true, false]);
    expect(readIdentityConfig({ TRUSTED_PROXIES: '10.0.0.0/8' }).trustedProxies('10.9.8.7')).toBe(true);
    expect(() => readIdentityConfig({ TRUSTED_PROXIES: 'gateway' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => readIdentityConfig({ TRUSTED_PROXY_HOPS: '2' })).toThrow(/replaced by TRUSTED_PROXIES/);
    expect(() => readIdentityConfig({ SESSION_TOKEN_TTL_SECONDS: '7200', SESSION_IDLE_TIMEOUT_SECONDS: '7200' })).toThrow(/at most 3600/);
  });

  it('switches to Google when both credentials are set, and says what is wrong otherwise', () => {
    expect(readIdentityConfig(google)).toMatchObject({ google: { clientId: google.GOOGLE_CLIENT_ID, clientSecret: 'g-secret' }, publicUrl: 'https://learn.example.in' });
    expect(() => readIdentityConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => readIdentityConfig({ SESSION_IDLE_TIMEOUT_SECONDS: 'soon' })).toThrow(/SESSION_IDLE_TIMEOUT_SECONDS must be a whole number/);
    expect(() => readIdentityConfig({ SESSION_TOKEN_TTL_SECONDS: '9000' })).toThrow(/TTL.*<=.*IDLE/);
    expect(() => readIdentityConfig({ PUBLIC_URL: 'learn.example.in' })).toThrow(/PUBLIC_URL must be an absolute URL/);
    expect(readIdentityConfig({ OWNER_EMAILS: ' Boss@School.in, ,x@y.in' }).ownerEmails).toEqual(new Set(['boss@school.in', 'x@y.in']));
  });
});

describe('grant configuration', () => {
  it('for Google: grant\u2019s google preset, the code flow with PKCE, state and nonce, back to PUBLIC_URL/api/login/callback', async () => {
    const settings = googleSettings(readIdentityConfig(google));
    expect(settings).toMatchObject({
      name: 'google', clientId: google.GOOGLE_CLIENT_ID,
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    // grant builds the authorization URL without any network call.
    const { location, session } = await createGrantFlow(settings).start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.GOOGLE_CLIENT_ID, response_type: 'code', redirect_uri: 'https://learn.example.in/api/login/callback',
      scope: 'openid email profile', code_challenge_method: 'S256', prompt: 'select_account',
      state: session.state, nonce: session.nonce,
    });
    expect(session.code_verifier).toMatch(/^[0-9a-f]{80}$/);
    expect(location).not.toContain('g-secret');
  });

  it('for the local provider: its /auth and /token, our client, and the account chooser every time', async () => {
    const settings = localSettings(readIdentityConfig({}), { issuer: 'http://127.0.0.1:4010', clientId: 'lp-identity', clientSecret: 's' });
    expect(settings.grant.local).toMatchObject({ authorize_url: 'http://127.0.0.1:4010/auth', access_url: 'http://127.0.0.1:4010/token', redirect_uri: 'http://127.0.0.1:8080/api/login/callback' });
    const { location } = await createGrantFlow(settings).start();
    expect(location.startsWith('http://127.0.0.1:4010/auth?')).toBe(true);
    expect(new URL(location).searchParams.get('prompt')).toBe('login');
  });

  it('never finishes a flow whose state is missing or different', async () => {
    const flow = createGrantFlow(localSettings(readIdentityConfig({}), { issuer: 'http://127.0.0.1:1', clientId: 'lp-identity', clientSecret: 's' }));
    const { session } = await flow.start();
    expect(await flow.finish({ code: 'c', state: 'other' }, session)).toEqual({ error: 'The sign-in state does not match.' });
    expect(await flow.finish({ code: 'c', state: session.state }, {})).toEqual({ error: 'This sign-in was not started here, or it has expired.' });
  });
});
