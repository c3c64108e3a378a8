import type { RouteDef, RoutePage } from '@lp/web-platform';
import { LEARN_PAGES, examplePathsOf, pageRoutes } from '@lp/web-platform/pages';
import { QueryProvider } from '@lp/web-platform/query';
import { defineRemote, lazyPage } from '@lp/ui/remote';
import { offlineAware } from './offline/offline-aware.tsx';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
// Pages that need the network show the offline page to a signed-in learner without one (quizzes work offline).
const DashboardPage = offlineAware(lazyPage(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage'));
const TopicPage = offlineAware(lazyPage(() => import('./pages/topic/TopicPage.tsx'), 'TopicPage'));
const QuizPage = lazyPage(() => import('./pages/quiz/QuizPage.tsx'), 'QuizPage');
const TestQuizPage = lazyPage(() => import('./pages/test-quiz/TestQuizPage.tsx'), 'TestQuizPage');
const SimpleQuizPage = lazyPage(() => import('./pages/simple-quiz/SimpleQuizPage.tsx'), 'SimpleQuizPage');
const ExamDatesPage = offlineAware(lazyPage(() => import('./pages/exam-dates/ExamDatesPage.tsx'), 'ExamDatesPage'));
const DownloadBiologyPage = lazyPage(() => import('./pages/downloads/DownloadBiologyPage.tsx'), 'DownloadBiologyPage');

/** The learn remote's routes: its page table (`LEARN_PAGES`: paths and access, `@lp/web-platform/pages`) with one component each. */
export const routes: readonly RouteDef<RoutePage>[] = pageRoutes(LEARN_PAGES, {
  '/dashboard': DashboardPage,
  '/topic/:id': TopicPage,
  '/quiz/chapter/:chapterId': QuizPage,
  '/quiz/:id': QuizPage,
  '/test-quiz': TestQuizPage,
  '/simple-quiz': SimpleQuizPage,
  '/download-biology': DownloadBiologyPage,
  '/exam-dates': ExamDatesPage,
});

/** Example URLs for the standalone page's route index. */
export const examplePaths = examplePathsOf(LEARN_PAGES);

export const remote = defineRemote({ name: 'Learn', routes, examplePaths, provider: QueryProvider });
