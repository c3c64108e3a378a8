/**
 * `@lp/web-platform/query`: the page-wide query client (spec §7 defaults) and the queries built on it. A separate
 * shared singleton from `@lp/web-platform`, so the query library (~13 KiB compressed) is downloaded only by the
 * code that queries: the signed-in shell (the disclaimer gate) and the remotes that pass `QueryProvider` to
 * `defineRemote`, never a guest's first paint. Imports `@lp/web-platform` (the singleton), never the relative files.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { PushMessage, PushType } from '@lp/contracts';
import { DISCLAIMER_ACCEPT_URL, DISCLAIMER_STATUS_URL, getJson, sendJson, type DisclaimerStatus } from '@lp/web-platform';
import { holdPush, onPush, onPushReopened, usePushLive } from './push.ts';
export { usePushState, usePushLive, holdPush, onPush, onPushReopened } from './push.ts';

/** Spec §7 "Generic behaviour": queries GET the key parts joined with '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  getJson(queryKey.map(String).join('/'), { signal });

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** One QueryClient per page: no refetch on focus, no polling, never stale, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The page-wide QueryClient. This module is a Module Federation singleton, so the
 * shell and every remote get the same cache (invalidating in one invalidates for all).
 */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/** The page-wide query client for a React tree (a remote's root: `defineRemote({ ..., provider: QueryProvider })`). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

/** The query key of the disclaimer status (the default query function GETs the key parts joined by '/'). */
export const DISCLAIMER_STATUS_QUERY_KEY = [DISCLAIMER_STATUS_URL] as const;

/** Whether the signed-in user has accepted the AI disclaimer. Runs only while `enabled`. */
export function useDisclaimerStatus(enabled: boolean) {
  return useQuery<DisclaimerStatus>({ queryKey: DISCLAIMER_STATUS_QUERY_KEY, enabled });
}

/** Accepts the disclaimer on the server (stored per user) and updates the cached status. Raises on failure. */
export async function acceptDisclaimer(client: QueryClient = getQueryClient()): Promise<DisclaimerStatus> {
  const status = await sendJson<DisclaimerStatus>('POST', DISCLAIMER_ACCEPT_URL);
  const accepted: DisclaimerStatus = { disclaimerAccepted: status?.disclaimerAccepted ?? true };
  client.setQueryData(DISCLAIMER_STATUS_QUERY_KEY, accepted);
  return accepted;
}

/**
 * Push with polling as the fallback (issue 25 §3), for a query whose data the push stream announces: keeps this
 * tab's stream open while mounted (and `enabled`), calls `onMessage` with each pushed message of `type` (the page
 * puts it in its cache, or invalidates), re-reads the query when the stream reopens after a gap, and returns the
 * `refetchInterval` to use: none while the stream is live, `pollMs` while it is not.
 */
export function usePushedPolling<T extends PushType>(
  { queryKey, type, pollMs, enabled = true, onMessage }:
  { queryKey: QueryKey; type: T; pollMs: number; enabled?: boolean; onMessage: (message: Extract<PushMessage, { type: T }>, client: QueryClient) => void },
): number | false {
  const client = useQueryClient();
  const live = usePushLive();
  // The latest callback and key, without reopening the subscription on every render (they are new each time).
  const latest = useRef({ onMessage, queryKey });
  latest.current = { onMessage, queryKey };
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return undefined;
    const release = holdPush();
    const stopMessages = onPush(type, (message) => latest.current.onMessage(message, client));
    const stopReopened = onPushReopened(() => { void client.invalidateQueries({ queryKey: latest.current.queryKey }); });
    return () => { stopReopened(); stopMessages(); release(); };
  }, [enabled, type, key, client]);
  return live ? false : pollMs;
}
