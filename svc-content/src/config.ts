// svc-content's own settings (the kit reads MONGODB_URI, NATS_URL, SESSION_JWKS_URL, LOG_LEVEL).
import { RPC_TIMEOUT_MS } from '@lp/contracts';
import { readAiConfig, type AiConfig } from './generation/ai-client';
import { DEFAULT_SEED_DIR } from './publishing/seed';

export interface ContentConfig {
  /** Publish the demo question bank at start when the database is empty. CONTENT_SEED=off turns it off. */
  seed: boolean;
  /** Where the demo bank lives. CONTENT_SEED_DIR. */
  seedDir: string;
  /** How long to wait for svc-study's entitlement answer before answering 503. ENTITLEMENT_TIMEOUT_MS. */
  entitlementTimeoutMs: number;
  /** The AI providers for PDF → questions (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, DEEPSEEK_API_KEY, AI_TIMEOUT_MS). */
  ai: AiConfig;
}

export function readContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const timeout = Number(env.ENTITLEMENT_TIMEOUT_MS);
  return {
    seed: !/^(off|false|0|no)$/i.test(env.CONTENT_SEED ?? ''),
    seedDir: env.CONTENT_SEED_DIR || DEFAULT_SEED_DIR,
    entitlementTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : RPC_TIMEOUT_MS,
    ai: readAiConfig(env),
  };
}
