import { useEffect } from 'react';
import { loadUser, useSession, type CurrentUser, type SessionStatus } from '@lp/web-platform';

export interface CurrentSession {
  status: SessionStatus;
  user: CurrentUser | null;
  signedIn: boolean;
}

/**
 * The signed-in user from the shared session store (the shell loads it at start). Opened on its own
 * (the remote's standalone page), nobody has loaded it yet, so this starts the load; `loadUser`
 * joins a load already in flight, so it never fetches twice.
 */
export function useCurrentUser(): CurrentSession {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  useEffect(() => {
    if (useSession.getState().status === 'loading') void loadUser();
  }, []);
  return { status, user, signedIn: status === 'authenticated' && user !== null };
}
