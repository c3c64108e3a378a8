// Types of sign-in.mjs, for the TypeScript e2e tests that sign in over plain HTTP.

/** A fresh free learner per e-mail (the same learner for the same e-mail). Resolves with a Cookie header value. */
export function signInNewLearner(baseUrl: string, who: { name: string; email: string }): Promise<string>;
/** A demo account of the provider's login page. Resolves with a Cookie header value. */
export function signInDemo(baseUrl: string, account: 'demo-learner' | 'demo-subscriber' | 'demo-owner'): Promise<string>;
