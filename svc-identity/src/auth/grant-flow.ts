// The OAuth code flow through grant: state, nonce and PKCE are grant's; the id_token check is ours (id-token.ts).
//
// grant's framework handlers (grant.fastify() and the others) all wrap one core function and register their own
// `${prefix}/:provider/:override?` routes. Our URLs are fixed by the contracts and the gateway routes exactly
// GET /api/login and GET /api/login/callback, so the two routes call that same core (`grant/lib/grant`, as
// lib/handler/fastify.js does), and @fastify/session carries grant's per-flow session between them.
import { createRequire } from 'node:module';
import type { ProviderSettings } from './provider-settings';

/** What grant keeps between the two steps (in the @fastify/session session). */
export interface GrantFlowSession {
  provider?: string;
  state?: string;
  nonce?: string;
  code_verifier?: string;
}

/** grant's callback output with `response: ['tokens']`, or an error. */
export interface GrantTokens {
  id_token?: string;
  access_token?: string;
  refresh_token?: string;
  error?: unknown;
}

interface GrantInput {
  method: 'GET';
  params: { provider: string; override?: 'callback' };
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  state: Record<string, unknown>;
  session: GrantFlowSession;
}
type GrantCore = (args: { config: Record<string, unknown> }) => (input: GrantInput) => Promise<{
  location?: string;
  session: GrantFlowSession;
  state: { response?: GrantTokens };
}>;

const require = createRequire(import.meta.url);
const createGrant = require('grant/lib/grant') as GrantCore;

export interface GrantFlow {
  /** The provider's authorization URL (with state, nonce and the PKCE challenge) and the session to keep. */
  start(): Promise<{ location: string; session: GrantFlowSession }>;
  /** Checks the state, redeems the code with the PKCE verifier; answers the tokens or grant's error. */
  finish(query: Record<string, unknown>, session: GrantFlowSession): Promise<GrantTokens>;
}

export function createGrantFlow(settings: ProviderSettings): GrantFlow {
  const grant = createGrant({ config: settings.grant });
  const provider = settings.name;
  return {
    async start() {
      const { location, session } = await grant({ method: 'GET', params: { provider }, query: {}, body: {}, state: {}, session: {} });
      if (!location || !session.state || !session.nonce || !session.code_verifier) {
        throw new Error(`grant could not start the ${provider} sign-in: check the provider configuration.`);
      }
      return { location, session };
    },
    async finish(query, session) {
      // grant skips the state comparison when its session holds no state; we never let a callback through without one.
      if (!session.state || !session.nonce || session.provider !== provider) return { error: 'This sign-in was not started here, or it has expired.' };
      if (typeof query.state !== 'string' || query.state !== session.state) return { error: 'The sign-in state does not match.' };
      const { state } = await grant({ method: 'GET', params: { provider, override: 'callback' }, query, body: {}, state: {}, session });
      return state.response ?? { error: 'The provider did not answer.' };
    },
  };
}
