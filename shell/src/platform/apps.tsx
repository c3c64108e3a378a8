/**
 * The single-spa root config: one application per remote, loaded through Module Federation from
 * the locations in /remotes.json. A remote that cannot be loaded is contained: its slot shows a
 * clear message with Retry, while the shell and the other remotes keep working.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  addErrorHandler,
  getAppStatus,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  triggerAppChange,
  unloadApplication,
  type AppError,
  type LifeCycleFn,
} from 'single-spa';
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { dropPrerendered, isPrerendered, useSession } from '@lp/web-platform';
import { chromePainted } from './chrome-painted.tsx';
import { nextTask } from '@lp/web-platform/next-task';
import { REMOTE_NAMES, activityFor, type RemoteName, type RemotesConfig } from './remotes.ts';
import { activeRemote } from './route-sets.ts';
import { RemoteUnavailable } from './RemoteUnavailable.tsx';

/** The element a remote mounts into: `<div id="lp-app-<name>">` inside `<main>`, below the chrome. */
export function slotFor(name: string): HTMLElement {
  const id = `lp-app-${name}`;
  let slot = document.getElementById(id);
  if (!slot) {
    slot = document.createElement('div');
    slot.id = id;
    slot.className = 'lp-app';
    (document.getElementById('lp-main') ?? document.body).appendChild(slot);
  }
  return slot;
}

/** What a remote's `./app` exposes: single-spa-react lifecycles. */
export interface RemoteLifecycles {
  bootstrap: LifeCycleFn<object>;
  mount: LifeCycleFn<object>;
  unmount: LifeCycleFn<object>;
}

/** Unloads the app so single-spa calls its loader again (a fresh attempt to fetch the remote). */
function retry(name: string) {
  void unloadApplication(name);
}

/** Stand-in lifecycles that render the failure message in the remote's slot. */
export function unavailableLifecycles(name: string, error?: unknown, onRetry = () => retry(name)): RemoteLifecycles {
  if (error) console.error(`[shell] remote "${name}" could not be loaded`, error);
  let root: Root | null = null;
  return {
    bootstrap: async () => {},
    mount: async () => {
      root = createRoot(slotFor(name));
      flushSync(() => root!.render(<RemoteUnavailable onRetry={onRetry} />));
      dropPrerendered(); // the remote's prerendered page, if any: it will not take over
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

function isLifeCycles(value: unknown): value is RemoteLifecycles {
  const m = value as Partial<RemoteLifecycles> | null;
  return !!m && typeof m.mount === 'function' && typeof m.unmount === 'function' && typeof m.bootstrap === 'function';
}

/**
 * Loads `<name>/app`; never rejects: a failure turns into the "unavailable" lifecycles. single-spa mounts the
 * lifecycles as soon as they are returned: a task later than the module's code ran (yieldingLoadPlugin).
 */
export async function loadRemoteApp(name: RemoteName, load = loadRemote): Promise<RemoteLifecycles> {
  try {
    const mod = await load<RemoteLifecycles>(`${name}/app`);
    await nextTask();
    if (isLifeCycles(mod)) return mod;
    throw new Error(`${name}/app does not export single-spa lifecycles`);
  } catch (error) {
    return unavailableLifecycles(name, error);
  }
}

/**
 * Module Federation runtime hook: when loading a remote's `app` fails anywhere (manifest,
 * remoteEntry, chunk), answer with the fallback lifecycles instead of an error.
 */
export const remoteFallbackPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'lp-remote-fallback',
  errorLoadRemote({ id, error, lifecycle }) {
    if (lifecycle !== 'onLoad') return undefined;
    const [name, expose] = String(id).split('/');
    if (expose !== 'app' || !name) return undefined;
    return unavailableLifecycles(name, error);
  },
});

/**
 * Module Federation runtime hook: a task boundary between the steps of loading a remote. Without it, the remote's
 * manifest, its preloads, its entry script, its share-scope init, its exposed module's code and (loadRemoteApp) its mount ran in one promise
 * chain: one long task of ~115 ms at a phone's speed on the dashboard (issue 32, total blocking time).
 */
export const yieldingLoadPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'lp-yield-between-load-steps',
  // After the manifest has been read, before the files to preload are worked out from it and added to the page.
  beforePreloadRemote: async () => {
    await nextTask();
  },
  // After the exposed module's files have been preloaded, before the entry script is added.
  loadEntry: async () => {
    await nextTask();
  },
  // After the entry script has run, before the container's share scope is set up.
  beforeInitContainer: async (args) => {
    await nextTask();
    return args;
  },
  // After the container's share scope is set up, before the exposed module's chunks and shared modules are asked for.
  beforeGetExpose: async () => {
    await nextTask();
  },
  // After the exposed module's chunks have arrived, before its code runs.
  beforeExecuteFactory: async () => {
    await nextTask();
  },
});

/**
 * Apps whose bootstrap or mount threw are SKIP_BECAUSE_BROKEN: single-spa never mounts them again.
 * While such an app's route is active, the shell shows the message in its slot (Retry reloads the page).
 */
const brokenViews = new Map<string, { root: Root; box: HTMLElement }>();

function syncBrokenViews() {
  const { status, user } = useSession.getState();
  const active = activeRemote(window.location.pathname, status, user?.role ?? null);
  for (const name of REMOTE_NAMES) {
    const shown = brokenViews.get(name);
    const show = name === active && getAppStatus(name) === SKIP_BECAUSE_BROKEN;
    if (show && !shown) {
      const box = slotFor(name).appendChild(document.createElement('div'));
      const root = createRoot(box);
      root.render(<RemoteUnavailable onRetry={() => window.location.reload()} />);
      brokenViews.set(name, { root, box });
    } else if (!show && shown) {
      shown.root.unmount();
      shown.box.remove();
      brokenViews.delete(name);
    }
  }
}

function onAppError(error: AppError) {
  console.error(`[shell] remote "${error.appOrParcelName}" failed`, error);
  // single-spa sets the app's status after calling error handlers; look once it has.
  setTimeout(syncBrokenViews);
}

/** The remote a page will show whoever turns out to be signed in, while that is not known yet; else null. */
export function likelyRemote(pathname: string, status: 'loading' | 'authenticated' | 'unauthenticated'): RemoteName | null {
  if (status !== 'loading') return null;
  const signedIn = activeRemote(pathname, 'authenticated', 'learner');
  return signedIn !== null && signedIn === activeRemote(pathname, 'unauthenticated') ? signedIn : null;
}

/** The chrome's first paint, or half a second: a remote never waits on the chrome for longer. */
const chromePaintedOrLate = () => Promise.race([chromePainted, new Promise<void>((resolve) => setTimeout(resolve, 500))]);

/** Registers the remotes' locations with Module Federation and their routes with single-spa, then starts. */
export function startApps(config: RemotesConfig) {
  registerPlugins([remoteFallbackPlugin(), yieldingLoadPlugin()]);
  registerRemotes(
    Object.entries(config).map(([name, entry]) => ({ name, entry: entry! })),
    { force: true },
  );
  addErrorHandler(onAppError);
  window.addEventListener('single-spa:routing-event', syncBrokenViews);
  for (const name of REMOTE_NAMES) {
    registerApplication({
      name,
      // Missing from /remotes.json (or the file failed): show it as unavailable; Retry reloads the page.
      app: () =>
        config[name]
          ? loadRemoteApp(name)
          : Promise.resolve(unavailableLifecycles(name, new Error(`no "${name}" entry in /remotes.json`), () => window.location.reload())),
      activeWhen: activityFor(name),
      customProps: { domElementGetter: () => slotFor(name) },
    });
  }
  // While the user is checked no remote is active (spec §4), yet the path names the page's remote for either
  // answer (/c/<token>: challenge). On a prerendered page (a visitor's), which is already on screen, fetch it
  // meanwhile, so the auth check and the remote's files download side by side; single-spa's own load then finds
  // the module ready. Otherwise the chrome paints first (chrome-painted.tsx).
  const likely = likelyRemote(window.location.pathname, useSession.getState().status);
  if (likely && config[likely] && isPrerendered()) void loadRemoteApp(likely);
  // The route sets depend on who is signed in: when that changes, single-spa asks the activity
  // functions again (e.g. Loading... → signed out mounts the challenge remote at /c/:token).
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status || state.user?.role !== previous.user?.role) {
      void (isPrerendered() ? Promise.resolve() : chromePaintedOrLate()).then(() => triggerAppChange()).then(syncBrokenViews);
    }
  });
  start({ urlRerouteOnly: true });
}
