import type { ComponentType } from 'react';
import type { PathParams, RouteDef } from '@lp/web-platform';
import { DashboardPage } from './pages/dashboard/DashboardPage.tsx';
import { DownloadBiologyPage } from './pages/downloads/DownloadBiologyPage.tsx';
import { QuizPage } from './pages/quiz/QuizPage.tsx';
import { SimpleQuizPage } from './pages/simple-quiz/SimpleQuizPage.tsx';
import { TestQuizPage } from './pages/test-quiz/TestQuizPage.tsx';
import { TopicPage } from './pages/topic/TopicPage.tsx';

export type Page = ComponentType<{ params: PathParams }>;

/** The learn remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<Page>[] = [
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
