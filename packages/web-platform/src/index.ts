export { ApiError, statusOf, errorCodeOf, errorMessageOf, getJson, sendJson, fetchCurrentUser, isUnauthorized, throwIfNotOk, refreshSession, fetchWithSession } from './api.ts';
export type { CurrentUser, Method } from './api.ts';
export { useSession, loadUser } from './session.ts';
export type { SessionState, SessionStatus } from './session.ts';
export { useToasts, toast, TOAST_LIMIT, TOAST_DURATION_MS } from './toasts.ts';
export type { Toast, ToastInput, ToastVariant } from './toasts.ts';
export { usePathname, useSearchParams, setServerPathname, navigate, matchPath, matchRoute, Link, RouteSwitch } from './router.ts';
export type { LinkProps, PathParams, RouteDef, RoutePage } from './router.ts';
// The push stream (src/push.ts) is the query module's (`@lp/web-platform/query`), its only user: a visitor's page
// (landing, a guest's challenge link) does not download it.
export { isPrerendered, hasPrerenderedPage, dropPrerendered } from './prerender.ts';
export {
  useUser,
  displayName,
  signIn,
  loginUrl,
  signOut,
  LOGIN_URL,
  LOGOUT_URL,
  ADMIN_ACCESS_STORAGE_KEY,
  forgetAdminAccess,
  DISCLAIMER_STATUS_URL,
  DISCLAIMER_ACCEPT_URL,
} from './user.ts';
export type { UserView, DisclaimerStatus } from './user.ts';
// The query client and the queries built on it are `@lp/web-platform/query` (src/query.tsx): a page that never
// queries (a guest's challenge link, the landing page) does not download the query library.
