import type { RouteDef, RoutePage } from '@lp/web-platform';
import { defineRemote, lazyPage } from '@lp/web-platform/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const AdminLoginPage = lazyPage(() => import('./pages/AdminLoginPage.tsx'), 'AdminLoginPage');
const AdminUploadPage = lazyPage(() => import('./pages/AdminUploadPage.tsx'), 'AdminUploadPage');
const AdminUploadOldPage = lazyPage(() => import('./pages/AdminUploadOldPage.tsx'), 'AdminUploadOldPage');
const RevisionSettingsPage = lazyPage(() => import('./pages/RevisionSettingsPage.tsx'), 'RevisionSettingsPage');

/** The admin remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/admin-login', component: AdminLoginPage },
  { path: '/admin-upload', component: AdminUploadPage },
  { path: '/admin-upload-old', component: AdminUploadOldPage },
  { path: '/admin-revision-settings', component: RevisionSettingsPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/admin-login', '/admin-upload', '/admin-upload-old', '/admin-revision-settings'];

export const remote = defineRemote({ name: 'Admin', routes, examplePaths });
