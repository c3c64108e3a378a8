/**
 * The single-spa root config: one application per remote, loaded through Module Federation from
 * the locations in /remotes.json. A remote that cannot be loaded is contained: its slot shows a
 * clear message with Retry, while the shell and the other remotes keep working.
 */
import { createRoot, type Root } from 'react-dom/client';
import {
  addErrorHandler,
  getAppStatus,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  unloadApplication,
  type AppError,
  type LifeCycleFn,
} from 'single-spa';
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, activityFor, remoteForPath, type RemoteName, type RemotesConfig } from './remotes.ts';
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
      root.render(<RemoteUnavailable onRetry={onRetry} />);
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

/** Loads `<name>/app`; never rejects: a failure turns into the "unavailable" lifecycles. */
export async function loadRemoteApp(name: RemoteName, load = loadRemote): Promise<RemoteLifecycles> {
  try {
    const mod = await load<RemoteLifecycles>(`${name}/app`);
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

/** Apps whose mount or bootstrap threw: single-spa will not mount them, so the shell shows the message. */
const broken = new Map<string, Root>();

function showBroken(error: AppError) {
  const name = error.appOrParcelName;
  console.error(`[shell] remote "${name}" failed`, error);
  if (getAppStatus(name) !== SKIP_BECAUSE_BROKEN || broken.has(name)) return;
  const root = createRoot(slotFor(name));
  root.render(<RemoteUnavailable onRetry={() => window.location.reload()} />);
  broken.set(name, root);
}

function hideInactiveBroken() {
  const active = remoteForPath(window.location.pathname);
  for (const [name, root] of broken) {
    if (name === active) continue;
    root.unmount();
    broken.delete(name);
  }
}

/** Registers the remotes' locations with Module Federation and their routes with single-spa, then starts. */
export function startApps(config: RemotesConfig) {
  registerPlugins([remoteFallbackPlugin()]);
  registerRemotes(
    Object.entries(config).map(([name, entry]) => ({ name, entry: entry! })),
    { force: true },
  );
  addErrorHandler(showBroken);
  window.addEventListener('single-spa:routing-event', hideInactiveBroken);
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
  start({ urlRerouteOnly: true });
}
