// Which OpenID provider signs users in, as grant configuration plus what we need to verify its id_tokens.
// Google when GOOGLE_CLIENT_ID/SECRET are set; otherwise the local provider this service starts.
import type { IdentityConfig } from '../config';

export type ProviderName = 'google' | 'local';

export interface ProviderSettings {
  name: ProviderName;
  clientId: string;
  /** Accepted `iss` values. */
  issuers: string[];
  /** OpenID discovery document, read once for the JWKS address. */
  discoveryUrl: string;
  /** grant's configuration: one provider, the code flow with state, nonce and PKCE, tokens returned in state. */
  grant: Record<string, Record<string, unknown>>;
}

export const CALLBACK_PATH = '/api/login/callback';
const SCOPE = ['openid', 'email', 'profile'];

function grantConfig(config: IdentityConfig, name: ProviderName, provider: Record<string, unknown>) {
  return {
    defaults: { origin: config.publicUrl, transport: 'state', state: true, nonce: true, pkce: true, response: ['tokens'] },
    [name]: { ...provider, scope: SCOPE, redirect_uri: `${config.publicUrl}${CALLBACK_PATH}` },
  };
}

/** Google through grant's `google` preset (its authorize and token URLs). */
export function googleSettings(config: IdentityConfig): ProviderSettings {
  if (!config.google) throw new Error('Google sign-in needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.');
  return {
    name: 'google',
    clientId: config.google.clientId,
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    grant: grantConfig(config, 'google', {
      key: config.google.clientId,
      secret: config.google.clientSecret,
      custom_params: { prompt: 'select_account' },
    }),
  };
}

/** The local provider (oidc-provider) at `issuer`, with its one registered client. */
export function localSettings(config: IdentityConfig, client: { issuer: string; clientId: string; clientSecret: string }): ProviderSettings {
  return {
    name: 'local',
    clientId: client.clientId,
    issuers: [client.issuer],
    discoveryUrl: `${client.issuer}/.well-known/openid-configuration`,
    grant: grantConfig(config, 'local', {
      authorize_url: `${client.issuer}/auth`,
      access_url: `${client.issuer}/token`,
      oauth: 2,
      scope_delimiter: ' ',
      key: client.clientId,
      secret: client.clientSecret,
      // Always show the account chooser, so each demo role can be tried in turn.
      custom_params: { prompt: 'login' },
    }),
  };
}
