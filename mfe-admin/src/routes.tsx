import type { RouteDef, RoutePage } from '@lp/web-platform';
import { ADMIN_PAGES, examplePathsOf, pageRoutes } from '@lp/web-platform/pages';
import { QueryProvider } from '@lp/web-platform/query';
import { defineRemote, lazyPage } from '@lp/ui/remote';
import { AdminGuard } from './access/AdminGuard.tsx';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table
// and the access guard.
const AdminLoginPage = lazyPage(() => import('./pages/AdminLoginPage.tsx'), 'AdminLoginPage');
const AdminUploadPage = lazyPage(() => import('./pages/AdminUploadPage.tsx'), 'AdminUploadPage');
const AdminUploadOldPage = lazyPage(() => import('./pages/AdminUploadOldPage.tsx'), 'AdminUploadOldPage');
const RevisionSettingsPage = lazyPage(() => import('./pages/RevisionSettingsPage.tsx'), 'RevisionSettingsPage');
const AdminFeedbackPage = lazyPage(() => import('./pages/AdminFeedbackPage.tsx'), 'AdminFeedbackPage');
const AdminQuestionFlagsPage = lazyPage(() => import('./pages/AdminQuestionFlagsPage.tsx'), 'AdminQuestionFlagsPage');
const VersionsPage = lazyPage(() => import('./pages/VersionsPage.tsx'), 'VersionsPage');
const MetricsPage = lazyPage(() => import('./pages/MetricsPage.tsx'), 'MetricsPage');

/** An admin page behind the shared access guard (spinner, one-hour flag, server elevation, redirect). */
export function guarded(Page: RoutePage): RoutePage {
  return function GuardedPage(props) {
    return <AdminGuard><Page {...props} /></AdminGuard>;
  };
}

/** The admin remote's routes: its page table (`ADMIN_PAGES`: paths and access, `@lp/web-platform/pages`) with one component each. */
export const routes: readonly RouteDef<RoutePage>[] = pageRoutes(ADMIN_PAGES, {
  '/admin-login': AdminLoginPage,
  '/admin-upload': guarded(AdminUploadPage),
  '/admin-upload-old': guarded(AdminUploadOldPage),
  '/admin-revision-settings': guarded(RevisionSettingsPage),
  '/admin-feedback': guarded(AdminFeedbackPage),
  '/admin-flags': guarded(AdminQuestionFlagsPage),
  '/admin-versions': guarded(VersionsPage),
  '/admin-metrics': guarded(MetricsPage),
});

/** Example URLs for the standalone page's route index. */
export const examplePaths = examplePathsOf(ADMIN_PAGES);

export const remote = defineRemote({ name: 'Admin', routes, examplePaths, provider: QueryProvider });
