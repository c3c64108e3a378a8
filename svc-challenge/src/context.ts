// What svc-challenge's routes and handlers share, built once per service instance: the repositories, the clock and
// the other services it asks (svc-study for sessions and entitlements, svc-content for questions and keys). Wiring only.
import { AppError, type ServiceApp, type WindowRule } from '@lp/service-kit';
import { AttemptsRepository } from './repositories/attempts';
import { ChallengesRepository } from './repositories/challenges';
import { GuestBrowsersRepository } from './repositories/guest-browsers';
import { StartLimitsRepository } from './repositories/start-limits';
import { UserNamesRepository } from './repositories/user-names';

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
  return {
    app,
    now,
    challenges: new ChallengesRepository(app.db),
    attempts: new AttemptsRepository(app.db),
    userNames: new UserNamesRepository(app.db),
    startLimits: new StartLimitsRepository(app.db, { ...DEFAULT_LIMITS, ...options.limits }),
    browsers: new GuestBrowsersRepository(app.db, () => new Date()),
    study: {
      entitlement: app.bus.rpc('study.rpc.entitlement', { failure: studyUnavailable }),
      sessionResult: app.bus.rpc('study.rpc.sessionResult', { failure: studyUnavailable }),
    },
    content: {
      answerKeys: app.bus.rpc('content.rpc.answerKeys', { failure: contentUnavailable }),
      challengeQuestions: app.bus.rpc('content.rpc.challengeQuestions', { failure: contentUnavailable }),
    },
  };
}

// Whatever fails in asking another service (no answer, a failure, a reply out of contract) is a 503 with a clear message.
const studyUnavailable = () => new AppError(503, 'Your quiz results cannot be loaded right now. Please try again in a moment.', 'STUDY_UNAVAILABLE');
const contentUnavailable = () => new AppError(503, 'The questions cannot be loaded right now. Please try again in a moment.', 'CONTENT_UNAVAILABLE');
