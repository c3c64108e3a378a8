// Everything the routes and handlers share, built once per service instance: the repositories (one per collection
// family, src/repositories/), the entitlements they feed, the content clients and the clock. Wiring only: what is
// read and written, and how, is in the repositories.
//
// Correct with any number of replicas, on MongoDB and on the embedded FerretDB v1, whose updates are not atomic
// against each other: writes that must happen once are unique inserts, and the learner document is written only
// under the learner's lease (repositories/learners.ts). Reads are _id lookups only: FerretDB scans a whole
// collection for any other filter.
import { Leases, cachedRpc, type ServiceApp } from '@lp/service-kit';
import { AnswerKeys, contentUnavailable } from './content/answer-keys';
import { SAMPLE_ANSWERS, SAMPLE_ANSWERS_PER_ACCOUNT_DAY, SAMPLE_ANSWERS_PER_ADDRESS } from './domain/sample-limits';
import { Entitlements } from './entitlements/entitlements';
import { AnswersRepository } from './repositories/answers';
import { CompletionsRepository } from './repositories/completions';
import { LearnersRepository } from './repositories/learners';
import { PausedSlotsRepository } from './repositories/paused-slots';
import { RevisionSettingsRepository } from './repositories/revision-settings';
import { SampleAnswerHitsRepository } from './repositories/sample-answer-hits';
import { SessionAnswersRepository } from './repositories/session-answers';
import { SessionPositionsRepository } from './repositories/session-positions';
import { SessionsRepository } from './repositories/sessions';
import { SubscriptionsRepository } from './repositories/subscriptions';
import { TrialUsesRepository } from './repositories/trial-uses';

export interface StudyOptions {
  /** The clock; tests move it to walk through revision timelines, streaks and the review queue. */
  now?: () => Date;
  /** How long answer keys stay cached (ms). */
  answerKeyTtlMs?: number;
}

export type StudyContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: StudyOptions) {
  const now = options.now ?? (() => new Date());
  const leases = new Leases(app.db);
  const learners = new LearnersRepository(app.db, leases);
  const subscriptions = new SubscriptionsRepository(app.db, leases);
  const trials = new TrialUsesRepository(app.db, now);
  const answerKeys = new AnswerKeys(app.bus, { ttlMs: options.answerKeyTtlMs ?? 60_000 });

  // The question set of a topic or chapter quiz, from svc-content, kept as long as the answer keys.
  // (svc-content finds a chapter's questions by a filter its embedded database answers by reading every question:
  // ~80 ms of FerretDB CPU, which a classroom starting its quizzes together would pay 200 times in a few seconds.)
  // Learners starting the same quiz at once share one request; an unknown target or a failure is not kept.
  const quizQuestions = cachedRpc(app.bus.rpc('content.rpc.quizQuestions', { failure: contentUnavailable }), {
    keyOf: (target) => ('topicId' in target ? `topic:${target.topicId}` : `chapter:${target.chapterId}`),
    ttlMs: options.answerKeyTtlMs ?? 60_000,
    keep: (set) => set.found,
  });

  return {
    app,
    now,
    sessions: new SessionsRepository(app.db),
    sessionAnswers: new SessionAnswersRepository(app.db),
    positions: new SessionPositionsRepository(app.db),
    pausedSlots: new PausedSlotsRepository(app.db),
    completions: new CompletionsRepository(app.db),
    answers: new AnswersRepository(app.db),
    sampleAnswerHits: new SampleAnswerHitsRepository(app.db, { visitor: SAMPLE_ANSWERS, address: SAMPLE_ANSWERS_PER_ADDRESS, accountDay: SAMPLE_ANSWERS_PER_ACCOUNT_DAY }, () => now()),
    learners,
    subscriptions,
    revisionSettings: new RevisionSettingsRepository(app.db, now),
    entitlements: new Entitlements(subscriptions, trials, learners, now),
    answerKeys,
    quizQuestions,
  };
}
