// Everything svc-challenge's routes and handlers share: the models, the clock, the other services it asks
// (svc-study for sessions and entitlements, svc-content for questions and keys), the rate limits and the
// numbered lists (uses, sent, inbox). Built once per service instance.
import { type RpcName, type RpcRequest, type RpcResponse } from '@lp/contracts';
import { AppError, NumberedLists, OnceLog, WindowCounter, type ServiceApp, type WindowRule } from '@lp/service-kit';
import { attemptAnswerModel, attemptModel, attemptPlayerModel, userNameModel, type AttemptClaim, type AttemptCompletion } from './models/attempt';
import { challengeModel, tokenModel } from './models/challenge';
import { guestBrowsers } from './models/guest-browser';

export interface ChallengeOptions {
  /** The business clock: tests move it to expire links. Leases and rate windows run on the wall clock. */
  now?: () => Date;
  /**
   * Attempts a link may start per window; a client (a signed-in user, or a guest's browser) per window; and all guests
   * behind one address per window (a classroom shares one address, so this ceiling is higher than a client's).
   */
  limits?: { perToken?: WindowRule; perClient?: WindowRule; perAddress?: WindowRule };
}

export const DEFAULT_LIMITS = {
  perToken: { limit: 100, windowMs: 60 * 60_000 },
  perClient: { limit: 20, windowMs: 60 * 60_000 },
  perAddress: { limit: 200, windowMs: 60 * 60_000 },
};

export type ChallengeContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: ChallengeOptions) {
  const now = options.now ?? (() => new Date());
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const models = {
    challenges: challengeModel(app.db),
    tokens: tokenModel(app.db),
    attempts: attemptModel(app.db),
    answers: attemptAnswerModel(app.db),
    players: attemptPlayerModel(app.db),
    completions: new OnceLog<AttemptCompletion>(app.db, 'attempt_completions'),
    claims: new OnceLog<AttemptClaim>(app.db, 'attempt_claims'),
    users: userNameModel(app.db),
  };
  const lists = new NumberedLists(app.db);
  const startLimits = {
    perToken: new WindowCounter(app.db, limits.perToken, { collection: 'attempt_start_hits_token' }),
    perClient: new WindowCounter(app.db, limits.perClient, { collection: 'attempt_start_hits_client' }),
    perAddress: new WindowCounter(app.db, limits.perAddress, { collection: 'attempt_start_hits_address' }),
  };
  const browsers = guestBrowsers(app.db, { production: app.config.production, now: () => new Date() });

  /** Asks another service; 503 with a clear message when it does not answer. */
  function ask<N extends RpcName>(name: N, body: RpcRequest<N>): Promise<RpcResponse<N>> {
    const what = name.startsWith('study.') ? 'Your quiz results' : 'The questions';
    const code = name.startsWith('study.') ? 'STUDY_UNAVAILABLE' : 'CONTENT_UNAVAILABLE';
    return app.bus.rpc(name, { failure: () => new AppError(503, `${what} cannot be loaded right now. Please try again in a moment.`, code) })(body);
  }

  async function nameOf(userId: string): Promise<string | null> {
    return (await models.users.findById(userId).lean())?.name ?? null;
  }

  return { app, now, models, lists, startLimits, browsers, ask, nameOf };
}

/** The numbered lists, by name. */
export const LISTS = {
  uses: (challengeId: string) => `uses:${challengeId}`,
  sent: (userId: string) => `sent:${userId}`,
  inbox: (userId: string) => `inbox:${userId}`,
};
