import { create } from 'zustand';
import { fetchCurrentUser, isUnauthorized, sessionHooks, type CurrentUser } from './api.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
  error: string | null;
  setUser(user: CurrentUser | null): void;
  setLoading(): void;
  setError(message: string): void;
}

/** Who is signed in: shared by the shell and all remotes (one module instance at runtime). */
export const useSession = create<SessionState>()((set) => ({
  status: 'loading',
  user: null,
  error: null,
  setUser: (user) => set({ user, status: user ? 'authenticated' : 'unauthenticated', error: null }),
  setLoading: () => set({ status: 'loading' }),
  setError: (message) => set({ user: null, status: 'unauthenticated', error: message }),
}));

// The API client renews an expired session token only for a signed-in user, and signs the user out
// here when the session has ended for good (refresh answered 401).
sessionHooks.shouldRefresh = () => useSession.getState().status === 'authenticated';
sessionHooks.onSessionEnded = () => {
  if (useSession.getState().status === 'authenticated') useSession.getState().setUser(null);
};

/** Spec §9: the user fetch is retried up to 2 times, 1000 ms apart; a 401 is never retried. */
export const USER_FETCH_RETRIES = 2;
export const USER_FETCH_RETRY_DELAY_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let inFlight: Promise<CurrentUser | null> | null = null;

/**
 * Loads the current user into the session store. A 401 means "no user". Another failure is
 * retried while fewer than 2 retries have been made; after that the visitor is treated as signed out.
 */
export function loadUser(fetchUser: () => Promise<CurrentUser | null> = fetchCurrentUser): Promise<CurrentUser | null> {
  if (inFlight) return inFlight;
  const { setUser, setError, setLoading } = useSession.getState();
  setLoading();
  inFlight = (async () => {
    for (let failures = 0; ; failures++) {
      try {
        const user = await fetchUser();
        setUser(user);
        return user;
      } catch (error) {
        if (isUnauthorized(error)) {
          setUser(null);
          return null;
        }
        if (failures >= USER_FETCH_RETRIES) {
          setError(error instanceof Error ? error.message : String(error));
          return null;
        }
        await wait(USER_FETCH_RETRY_DELAY_MS);
      }
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
