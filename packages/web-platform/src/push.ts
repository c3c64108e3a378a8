// Push from the gateway (issue 25 §3): one EventSource per tab on `GET /api/events`, shared by every remote (this
// package is a Module Federation singleton), opened while someone listens and the user is signed in.
//
// Polling stays as the fallback: `usePushLive()` is true only while the stream is open, and queries poll only while
// it is false (see `usePushedPolling` in `@lp/web-platform/query`). How the stream is kept:
// - `end: expired`: the session token ran out; renew it (one request), then reconnect;
// - `end: signed-out`: the session ended; stay closed (the session store signs the tab out on its next call);
// - `end: too-many-tabs`: a newer tab took this one's place; poll, and try again after a long pause;
// - `end: closing`: the gateway is shutting down; reconnect at a random moment within 5 s (to another replica);
// - an error (gateway restarting, network gone, a refused open): reconnect with a growing,
//   jittered delay (1 s doubling to 60 s), renewing the session once first in case the refusal was an expired token.
import type { PushEnd, PushMessage, PushType } from '@lp/contracts';
import { create } from 'zustand';
// The shared root module's session, never the relative files: bundled by `@lp/web-platform/query`, this must see the
// page's one session store.
import { refreshSession, useSession } from '@lp/web-platform';

export const PUSH_STREAM_URL = '/api/events';

/**
 * The kinds this tab listens for: every `PushType`, checked by the compiler (a kind added to the contracts and not
 * here fails the build). Written out rather than read from the schemas: importing a value from `@lp/contracts`
 * would bring every schema and TypeBox into this shared chunk (~23 KiB on the dashboard).
 */
const PUSH_TYPES = ['progress', 'payment', 'challenge', 'reply'] as const satisfies readonly PushType[];
const everyKindListened: Exclude<PushType, (typeof PUSH_TYPES)[number]> extends never ? true : never = true;
void everyKindListened;
export const PUSH_RETRY_MIN_MS = 1_000;
export const PUSH_RETRY_MAX_MS = 60_000;
/** After `closing` (a gateway shutting down) the tab reconnects at a random moment within this. */
export const PUSH_CLOSING_SPREAD_MS = 5_000;
/** After `too-many-tabs` this tab polls for this long before it asks for a stream again. */
export const PUSH_TOO_MANY_TABS_RETRY_MS = 5 * 60_000;

interface PushState {
  /** The stream is open: what it carries arrives without polling. */
  live: boolean;
}

export const usePushState = create<PushState>(() => ({ live: false }));

type Listener = (message: PushMessage) => void;
const listeners = new Map<PushType, Set<Listener>>();
/** Called when a stream opens again after a gap: messages may have been missed, so re-read what they would update. */
const reopenListeners = new Set<() => void>();
let users = 0;
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let delayMs = PUSH_RETRY_MIN_MS;
let openedBefore = false;
/** The session was renewed since the stream last opened: one renewal per run of failures, not one per retry. */
let renewed = false;

const signedIn = () => useSession.getState().status === 'authenticated';
const supported = () => typeof EventSource !== 'undefined';

function setLive(live: boolean) {
  if (usePushState.getState().live !== live) usePushState.setState({ live });
}

function close() {
  source?.close();
  source = null;
  setLive(false);
}

function schedule(ms: number, renewFirst: boolean) {
  if (retry) clearTimeout(retry);
  retry = setTimeout(() => {
    retry = null;
    if (!renewFirst) return connect();
    void refreshSession().then((ok) => { if (ok || signedIn()) connect(); });
  }, ms);
}

function backOff() {
  const ms = delayMs / 2 + Math.random() * (delayMs / 2);
  delayMs = Math.min(delayMs * 2, PUSH_RETRY_MAX_MS);
  return ms;
}

function connect() {
  if (source || users === 0 || !signedIn() || !supported()) return;
  const es = new EventSource(PUSH_STREAM_URL, { withCredentials: true });
  source = es;
  es.onopen = () => {
    delayMs = PUSH_RETRY_MIN_MS;
    renewed = false;
    setLive(true);
    if (openedBefore) for (const fn of reopenListeners) fn();
    openedBefore = true;
  };
  es.onerror = () => {
    if (source !== es) return;
    // The browser would retry by itself on a dropped connection, but not on a refused one, and never with a delay
    // that grows: take over either way.
    close();
    // The refusal may be an expired token (a laptop waking up): renew once; further retries only reconnect, so a
    // stream that cannot be held costs a reconnect now and then (at most one a minute), not a renewal each time.
    schedule(backOff(), !renewed);
    renewed = true;
  };
  es.addEventListener('end', (event) => {
    if (source !== es) return;
    close();
    let reason: PushEnd['reason'] | undefined;
    try {
      reason = (JSON.parse((event as MessageEvent<string>).data) as PushEnd).reason;
    } catch {
      reason = undefined;
    }
    if (reason === 'signed-out') return;
    if (reason === 'expired') {
      renewed = true;
      return schedule(0, true);
    }
    if (reason === 'too-many-tabs') return schedule(PUSH_TOO_MANY_TABS_RETRY_MS, false);
    // A gateway going away (a deploy) ends every stream it held at once: spread their return over a few seconds
    // rather than landing them all on the other replicas within one.
    if (reason === 'closing') return schedule(Math.random() * PUSH_CLOSING_SPREAD_MS, false);
    schedule(backOff(), false);
  });
  for (const type of PUSH_TYPES) {
    es.addEventListener(type, (event) => {
      let message: PushMessage;
      try {
        message = JSON.parse((event as MessageEvent<string>).data) as PushMessage;
      } catch {
        return;
      }
      for (const fn of listeners.get(type) ?? []) fn(message);
    });
  }
}

// Sign-in opens the stream for whoever listens; sign-out closes it.
useSession.subscribe((state, previous) => {
  if (state.status === previous.status) return;
  if (state.status === 'authenticated') connect();
  else if (state.status === 'unauthenticated') {
    if (retry) clearTimeout(retry);
    retry = null;
    close();
  }
});

/**
 * Keeps the stream wanted while the returned function has not been called (a mounted page that shows pushed
 * data). The stream closes when nothing wants it.
 */
export function holdPush(): () => void {
  users++;
  connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users--;
    if (users === 0) {
      if (retry) clearTimeout(retry);
      retry = null;
      close();
    }
  };
}

/** Calls `fn` with each pushed message of `type`; returns the unsubscribe. */
export function onPush<T extends PushType>(type: T, fn: (message: Extract<PushMessage, { type: T }>) => void): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  listeners.set(type, set);
  set.add(fn as Listener);
  return () => { set.delete(fn as Listener); };
}

/** Calls `fn` each time the stream opens again after a gap (not on the first open). */
export function onPushReopened(fn: () => void): () => void {
  reopenListeners.add(fn);
  return () => { reopenListeners.delete(fn); };
}

/** Whether this tab's stream is open now (a React hook). */
export function usePushLive(): boolean {
  return usePushState((s) => s.live);
}

/** Tests: forget everything, as a fresh page. */
export function resetPushForTests() {
  if (retry) clearTimeout(retry);
  retry = null;
  close();
  listeners.clear();
  reopenListeners.clear();
  users = 0;
  delayMs = PUSH_RETRY_MIN_MS;
  openedBefore = false;
  renewed = false;
}
