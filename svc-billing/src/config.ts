// The gateways' keys and where they live. With no keys in the environment, `npm start` and the tests start the
// local stand-ins and set these to them (deploy/local/stack.mjs); real keys reach the real gateways.
export interface BillingConfig {
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string | null };
  paypal: { clientId: string; clientSecret: string; webhookId: string; environment: 'sandbox' | 'production'; apiUrl: string | null };
  /** The public origin the gateways send the learner back to (return and callback URLs). */
  publicUrl: string;
  /** How often pending orders are checked against the gateway, and how old they must be first (ms). */
  reconcileIntervalMs: number;
  reconcileAfterMs: number;
  /**
   * Whether to grant the demo subscriber its year (seed/demo-grant.ts): wherever identity's local demo sign-in may
   * run, so outside production, or in a public demo (DEMO_SIGN_IN=allow, the same switch identity reads).
   */
  demoGrant: boolean;
}

export function readBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return {
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID ?? '', keySecret: env.RAZORPAY_KEY_SECRET ?? '', webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: env.RAZORPAY_API_URL || null,
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID ?? '', clientSecret: env.PAYPAL_CLIENT_SECRET ?? '', webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
      environment: env.PAYPAL_ENVIRONMENT === 'production' ? 'production' : 'sandbox', apiUrl: env.PAYPAL_API_URL || null,
    },
    publicUrl: (env.PUBLIC_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, ''),
    reconcileIntervalMs: Number(env.BILLING_RECONCILE_INTERVAL_MS ?? 60_000),
    reconcileAfterMs: Number(env.BILLING_RECONCILE_AFTER_MS ?? 120_000),
    demoGrant: env.NODE_ENV !== 'production' || env.DEMO_SIGN_IN === 'allow',
  };
}
