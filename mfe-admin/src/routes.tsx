import type { RouteDef, RoutePage } from '@lp/web-platform';
import type { ComponentType } from 'react';
import { AdminGuard } from './access/AdminGuard.tsx';
import { AdminFeedbackPage } from './pages/AdminFeedbackPage.tsx';
import { AdminLoginPage } from './pages/AdminLoginPage.tsx';
import { AdminUploadOldPage } from './pages/AdminUploadOldPage.tsx';
import { AdminUploadPage } from './pages/AdminUploadPage.tsx';
import { RevisionSettingsPage } from './pages/RevisionSettingsPage.tsx';

/** An admin page behind the shared access guard (spinner, one-hour flag, server elevation, redirect). */
export function guarded(Page: ComponentType): RoutePage {
  return function GuardedPage() {
    return <AdminGuard><Page /></AdminGuard>;
  };
}

/** The admin remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/admin-login', component: AdminLoginPage },
  { path: '/admin-upload', component: guarded(AdminUploadPage) },
  { path: '/admin-upload-old', component: guarded(AdminUploadOldPage) },
  { path: '/admin-revision-settings', component: guarded(RevisionSettingsPage) },
  { path: '/admin-feedback', component: guarded(AdminFeedbackPage) },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = routes.map((r) => r.path);
