// The browser's admin flag (spec §4, §6, §9): stored with its timestamp, good for one hour, and never longer than the
// server's elevation (the lp_admin cookie, which the browser cannot read: GET /api/admin/session says until when).
// The server decides every admin call; this flag only decides what the admin screens show.
import type { AdminSession } from '@lp/contracts';
import { EndAdminSession, GetAdminSession, VerifyAdminPassword } from '@lp/contracts/urls';
import { ADMIN_ACCESS_STORAGE_KEY, forgetAdminAccess } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { en } from '../i18n/index.ts';

export const ADMIN_ACCESS_KEY = ADMIN_ACCESS_STORAGE_KEY;
/** Spec §9: admin session 1 hour. */
export const ADMIN_ACCESS_MS = 60 * 60 * 1000;
/** Spec §9: unauthorized redirect 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const UNAUTHORIZED_MESSAGE = en['access.unauthorized'];

export interface AdminAccess { grantedAt: number; expiresAt: number }

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The stored flag, or null when missing, unreadable or past its hour. */
export function readAdminAccess(now = Date.now()): AdminAccess | null {
  const raw = storage()?.getItem(ADMIN_ACCESS_KEY);
  if (!raw) return null;
  try {
    const access = JSON.parse(raw) as AdminAccess;
    if (typeof access.grantedAt !== 'number' || typeof access.expiresAt !== 'number') return null;
    if (now >= access.expiresAt || now >= access.grantedAt + ADMIN_ACCESS_MS) return null;
    return access;
  } catch {
    return null;
  }
}

/** Stores the flag: one hour from now, or the server elevation's end if sooner. */
export function saveAdminAccess(serverExpiresAt: string | null, now = Date.now()): AdminAccess {
  const server = serverExpiresAt ? Date.parse(serverExpiresAt) : NaN;
  const access = { grantedAt: now, expiresAt: Number.isFinite(server) ? Math.min(server, now + ADMIN_ACCESS_MS) : now + ADMIN_ACCESS_MS };
  storage()?.setItem(ADMIN_ACCESS_KEY, JSON.stringify(access));
  return access;
}

export function clearAdminAccess() {
  forgetAdminAccess();
}

/** POST /api/admin/verify-password; on success the flag is stored. Raises the API client's error otherwise. */
export async function verifyAdminPassword(password: string): Promise<AdminSession> {
  const session = await sendRoute(VerifyAdminPassword, undefined, { password });
  saveAdminAccess(session.expiresAt);
  return session;
}

/** The server's word on the elevation. */
export function fetchAdminSession(): Promise<AdminSession> {
  return getRoute(GetAdminSession);
}

/** The admin screens' Logout: ends the elevation on the server (the sign-in stays) and clears the flag. */
export async function endAdminAccess() {
  clearAdminAccess();
  await sendRoute(EndAdminSession).catch(() => undefined);
}
