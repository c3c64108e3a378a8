// The shared admin access guard (spec §2, §4, §6): a spinner while access is checked; the admin page when the user is
// an owner, the browser's one-hour flag is live and the server confirms the elevation; otherwise
// 'Unauthorized: You are logged out. Logging in again...' and /admin-login after 500 ms. The flag lapsing while the
// page is open, or the server refusing an admin call (`useAdminAccess().refuse()`), does the same.
//
//   <AdminGuard><AdminUploadPage /></AdminGuard>         // wrap any admin page (e.g. /admin-feedback) in it
import { Button, Spinner } from '@lp/ui';
import { ApiError, navigate, useSession } from '@lp/web-platform';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  clearAdminAccess, endAdminAccess, fetchAdminSession, readAdminAccess, saveAdminAccess, UNAUTHORIZED_REDIRECT_MS,
} from './admin-access.ts';
import { useT } from '../i18n/index.ts';

/** `unreachable`: the server could not be asked (offline, or the page is being left): the flag is kept. */
export type AdminAccessStatus = 'checking' | 'granted' | 'denied' | 'unreachable';

export interface AdminAccessControls {
  /** The server refused an admin call (403/401): the page shows the message and goes to /admin-login. */
  refuse(): void;
  /** The Logout button: ends the elevation and goes to /admin-login. */
  logout(): Promise<void>;
}

const AdminAccessContext = createContext<AdminAccessControls>({ refuse: () => {}, logout: async () => {} });

/** Inside an AdminGuard: refuse() and logout(). */
export const useAdminAccess = () => useContext(AdminAccessContext);

/** Whether an API error means the admin access is gone (the elevation lapsed or was ended on the server). */
export const isAccessRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The guard's state: checks the user, the flag and the server, and watches the flag's expiry. */
export function useAdminGuard(): { status: AdminAccessStatus; controls: AdminAccessControls; retry: () => void } {
  const session = useSession();
  const [status, setStatus] = useState<AdminAccessStatus>('checking');
  const [attempt, setAttempt] = useState(0);
  const refuse = useCallback(() => {
    clearAdminAccess();
    setStatus('denied');
  }, []);
  const logout = useCallback(async () => {
    await endAdminAccess();
    navigate('/admin-login');
  }, []);

  // Check once the session is known: owner, live flag, live elevation on the server.
  useEffect(() => {
    if (session.status === 'loading') return;
    if (session.status !== 'authenticated' || session.user?.role !== 'owner' || !readAdminAccess()) {
      refuse();
      return;
    }
    let cancelled = false;
    fetchAdminSession().then(
      (server) => {
        if (cancelled) return;
        if (!server.elevated) return refuse();
        // Mirror the server: the flag never outlives the elevation.
        const stored = readAdminAccess();
        if (stored && server.expiresAt && Date.parse(server.expiresAt) < stored.expiresAt) saveAdminAccess(server.expiresAt, stored.grantedAt);
        setStatus('granted');
      },
      // Only the server's refusal ends the access. A failed call (no network, or a reload aborting it) is not a
      // refusal: clearing the flag then would sign the admin out of every tab for a dropped request.
      (error: unknown) => {
        if (cancelled) return;
        if (isAccessRefused(error)) refuse();
        else setStatus('unreachable');
      },
    );
    return () => { cancelled = true; };
  }, [session.status, session.user?.role, refuse, attempt]);

  // While granted, lapse exactly when the flag does.
  useEffect(() => {
    if (status !== 'granted') return;
    const access = readAdminAccess();
    if (!access) return refuse();
    const timer = setTimeout(refuse, Math.max(0, access.expiresAt - Date.now()));
    // A clock moved forward (sleep, another tab's logout) is noticed within a second too.
    const poll = setInterval(() => { if (!readAdminAccess()) refuse(); }, 1000);
    return () => { clearTimeout(timer); clearInterval(poll); };
  }, [status, refuse]);

  // Denied: the message, then the login page.
  useEffect(() => {
    if (status !== 'denied') return;
    const timer = setTimeout(() => navigate('/admin-login'), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const controls = useMemo(() => ({ refuse, logout }), [refuse, logout]);
  const retry = useCallback(() => { setStatus('checking'); setAttempt((n) => n + 1); }, []);
  return { status, controls, retry };
}

export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, controls, retry } = useAdminGuard();
  const t = useT();
  if (status === 'checking') return <Spinner label={t('access.checking')} fullScreen />;
  if (status === 'unreachable') {
    return (
      <div className="lp-state lp-state--error" role="alert">
        <p className="lp-state__title">{t('access.unreachable')}</p>
        <Button onClick={retry}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (status === 'denied') {
    return (
      <div className="lp-state lp-state--error" role="alert">
        <p className="lp-state__title">{t('access.unauthorized')}</p>
      </div>
    );
  }
  return <AdminAccessContext.Provider value={controls}>{children}</AdminAccessContext.Provider>;
}
