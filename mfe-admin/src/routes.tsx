import type { RouteDef, RoutePage } from '@lp/web-platform';
import { AdminFeedbackPage } from './pages/AdminFeedbackPage.tsx';
import { AdminLoginPage } from './pages/AdminLoginPage.tsx';
import { AdminUploadOldPage } from './pages/AdminUploadOldPage.tsx';
import { AdminUploadPage } from './pages/AdminUploadPage.tsx';
import { RevisionSettingsPage } from './pages/RevisionSettingsPage.tsx';

/** The admin remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/admin-login', component: AdminLoginPage },
  { path: '/admin-upload', component: AdminUploadPage },
  { path: '/admin-upload-old', component: AdminUploadOldPage },
  { path: '/admin-revision-settings', component: RevisionSettingsPage },
  { path: '/admin-feedback', component: AdminFeedbackPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = routes.map((r) => r.path);
