/**
 * The signed-in user and the AI disclaimer, as every app reads them (spec §4 "Authentication",
 * "Disclaimer"; §7 "Auth and user"). URLs are checked against the contracts at compile time
 * (`(typeof Route)['url']`) without shipping the schemas to the browser.
 */
import type { AcceptDisclaimer, GetDisclaimerStatus, Login, Logout, ReplyOf, Role } from '@lp/contracts';
import { useSession, type SessionStatus } from './session.ts';
import type { CurrentUser } from './api.ts';

export const LOGIN_URL: (typeof Login)['url'] = '/api/login';
export const LOGOUT_URL: (typeof Logout)['url'] = '/api/logout';
export const DISCLAIMER_STATUS_URL: (typeof GetDisclaimerStatus)['url'] = '/api/auth/disclaimer/status';
export const DISCLAIMER_ACCEPT_URL: (typeof AcceptDisclaimer)['url'] = '/api/auth/disclaimer/accept';

export type DisclaimerStatus = ReplyOf<typeof GetDisclaimerStatus>;

export interface UserView {
  status: SessionStatus;
  user: CurrentUser | null;
  signedIn: boolean;
  role: Role | null;
  /** The owner role is the administrator (spec §3, §6). */
  isOwner: boolean;
}

/** Who is signed in, from the shared session store (`loadUser()` fills it). */
export function useUser(): UserView {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const role = user?.role ?? null;
  return { status, user, signedIn: status === 'authenticated' && !!user, role, isOwner: role === 'owner' };
}

/** The name to show for a user: first and last name, else the e-mail address. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

/** The sign-in URL; after signing in the identity service returns to `returnTo` (a same-origin path), else `/`. */
export function loginUrl(returnTo?: string): string {
  return returnTo ? `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}` : LOGIN_URL;
}

/** Sign-in is a real browser navigation to the identity service (not the in-page router). */
export function signIn(assign: (url: string) => void = (url) => window.location.assign(url)): void {
  assign(LOGIN_URL);
}

/**
 * The browser's admin flag (mfe-admin's access/admin-access.ts): which admin screens to show, for at most an hour.
 * The server decides every admin call; the key lives here so that signing out clears the flag too.
 */
export const ADMIN_ACCESS_STORAGE_KEY = 'lp-admin-access';

/** Forgets what this browser kept of a signed-in user's admin access (a school's shared computer: the next user). */
export function forgetAdminAccess(): void {
  try {
    window.localStorage.removeItem(ADMIN_ACCESS_STORAGE_KEY);
  } catch {
    // Storage blocked: there is nothing stored to forget.
  }
}

/** Sign-out is a real browser navigation: the server revokes the session and returns to `/`. */
export function signOut(assign: (url: string) => void = (url) => window.location.assign(url)): void {
  forgetAdminAccess();
  assign(LOGOUT_URL);
}
