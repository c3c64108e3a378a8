import type { RouteDef, RoutePage } from '@lp/web-platform';
import { QueryProvider } from '@lp/web-platform/query';
import { defineRemote, lazyPage } from '@lp/ui/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage');
const TopicPage = lazyPage(() => import('./pages/topic/TopicPage.tsx'), 'TopicPage');
const QuizPage = lazyPage(() => import('./pages/quiz/QuizPage.tsx'), 'QuizPage');
const TestQuizPage = lazyPage(() => import('./pages/test-quiz/TestQuizPage.tsx'), 'TestQuizPage');
const SimpleQuizPage = lazyPage(() => import('./pages/simple-quiz/SimpleQuizPage.tsx'), 'SimpleQuizPage');
const DownloadBiologyPage = lazyPage(() => import('./pages/downloads/DownloadBiologyPage.tsx'), 'DownloadBiologyPage');

/** The learn remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/dashboard', component: DashboardPage },
  { path: '/topic/:id', component: TopicPage },
  { path: '/quiz/chapter/:chapterId', component: QuizPage },
  { path: '/quiz/:id', component: QuizPage },
  { path: '/test-quiz', component: TestQuizPage },
  { path: '/simple-quiz', component: SimpleQuizPage },
  { path: '/download-biology', component: DownloadBiologyPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/dashboard', '/topic/demo', '/quiz/demo', '/quiz/chapter/demo', '/test-quiz', '/simple-quiz', '/download-biology'];

export const remote = defineRemote({ name: 'Learn', routes, examplePaths, provider: QueryProvider });
