// svc-study: quiz sessions, answers, mistakes, chapter progress and revision, the review queue and the
// entitlements view. `createStudyService(options)` takes a clock and an instance tag (tests);
// `studyService` is the production service.
import { contextPerApp, type ServiceDefinition } from '@lp/service-kit';
import { createContext, type StudyOptions } from './context';
import { answerEntitlementRequests, entitlementConsumers } from './events/entitlements';
import { answerAnsweredQuestionRequests } from './events/answered-question';
import { answerSessionResultRequests } from './events/session-result';
import { answerRoutes } from './routes/answers';
import { examDateRoutes } from './routes/exam-dates';
import { recallRoutes } from './routes/recall';
import { mistakeRoutes } from './routes/mistakes';
import { progressRoutes } from './routes/progress';
import { reviewRoutes } from './routes/review';
import { revisionSettingsRoutes } from './routes/revision-settings';
import { sessionRoutes } from './routes/sessions';
import { studyDayRoutes } from './routes/study-days';
import { subscriptionRoutes } from './routes/subscription';

export type { StudyOptions } from './context';

export function createStudyService(options: StudyOptions = {}): ServiceDefinition {
  const contextOf = contextPerApp((app) => createContext(app, options));
  return {
    name: 'study',
    description: 'Quiz sessions, answers, mistakes, chapter progress, revision, the review queue and the entitlements view.',
    app: async (app) => {
      const ctx = contextOf(app);
      await sessionRoutes(ctx);
      await answerRoutes(ctx);
      await mistakeRoutes(ctx);
      await progressRoutes(ctx);
      await revisionSettingsRoutes(ctx);
      await reviewRoutes(ctx);
      await examDateRoutes(ctx);
      await recallRoutes(ctx);
      await studyDayRoutes(ctx);
      await subscriptionRoutes(ctx);
      answerEntitlementRequests(ctx);
      answerSessionResultRequests(ctx);
      answerAnsweredQuestionRequests(ctx);
    },
    consumers: (app) => entitlementConsumers(contextOf(app)),
  };
}

export const studyService = createStudyService();
