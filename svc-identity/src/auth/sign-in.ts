// Which sign-in runs: Google when configured, else the local provider with the demo accounts. In production the
// local provider runs only with DEMO_SIGN_IN=allow (anyone could sign in as the demo owner); without either,
// sign-in answers 503 with what to configure, and the rest of the service keeps working.
import type { JWTVerifyGetKey } from 'jose';
import type { IdentityConfig } from '../config';
import { startLocalProvider } from '../local-oidc/provider';
import { createGrantFlow, type GrantFlow } from './grant-flow';
import { discoveredJwks } from './provider-keys';
import { CALLBACK_PATH, googleSettings, localSettings, type ProviderSettings } from './provider-settings';

export type SignIn =
  | { enabled: true; settings: ProviderSettings; flow: GrantFlow; keys: () => Promise<JWTVerifyGetKey>; close: () => Promise<void> }
  | { enabled: false; reason: string; close: () => Promise<void> };

export async function startSignIn(config: IdentityConfig, { demoAdminPassword }: { demoAdminPassword?: string } = {}): Promise<SignIn> {
  if (config.google) return enabled(googleSettings(config), async () => {});
  if (config.production && !config.allowDemoSignInInProduction) {
    return {
      enabled: false,
      reason: 'Sign-in is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (or DEMO_SIGN_IN=allow for a public demo).',
      close: async () => {},
    };
  }
  const local = await startLocalProvider({ port: config.oidcPort, redirectUri: `${config.publicUrl}${CALLBACK_PATH}`, demoAdminPassword });
  return enabled(localSettings(config, local), () => local.close());
}

function enabled(settings: ProviderSettings, close: () => Promise<void>): SignIn {
  return { enabled: true, settings, flow: createGrantFlow(settings), keys: discoveredJwks(settings.discoveryUrl, settings.issuers), close };
}
