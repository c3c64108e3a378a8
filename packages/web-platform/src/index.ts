export { ApiError, formatApiError, statusOf, errorCodeOf, errorMessageOf, getJson, sendJson, fetchCurrentUser, isUnauthorized, throwIfNotOk, CURRENT_USER_URL, REFRESH_SESSION_URL, refreshSession, fetchWithSession } from './api.ts';
export type { CurrentUser, Method } from './api.ts';
export { createQueryClient, getQueryClient, defaultQueryFn, QUERY_GC_TIME_MS } from './query.ts';
export { useSession, loadUser, USER_FETCH_RETRIES, USER_FETCH_RETRY_DELAY_MS } from './session.ts';
export type { SessionState, SessionStatus } from './session.ts';
export { useToasts, toast, TOAST_LIMIT, TOAST_DURATION_MS } from './toasts.ts';
export type { Toast, ToastInput, ToastVariant } from './toasts.ts';
export { usePathname, useSearchParams, navigate, matchPath, matchRoute, Link, RouteSwitch } from './router.ts';
export type { LinkProps, PathParams, RouteDef, RoutePage } from './router.ts';
export {
  useUser,
  displayName,
  signIn,
  loginUrl,
  signOut,
  useDisclaimerStatus,
  acceptDisclaimer,
  LOGIN_URL,
  LOGOUT_URL,
  DISCLAIMER_STATUS_URL,
  DISCLAIMER_ACCEPT_URL,
  DISCLAIMER_STATUS_QUERY_KEY,
} from './user.ts';
export type { UserView, DisclaimerStatus } from './user.ts';
