// Types of sign-in.mjs, for TypeScript callers (e2e tests).
/** A fresh free learner per e-mail (the same learner for the same e-mail). Resolves with a Cookie header value. */
export function signInNewLearner(baseUrl: string, learner: { name: string; email: string }): Promise<string>;
/** A demo account of the provider's login page (`demo-learner`, `demo-subscriber`, `demo-owner`). Resolves with a Cookie header value. */
export function signInDemo(baseUrl: string, account: 'demo-learner' | 'demo-subscriber' | 'demo-owner'): Promise<string>;
