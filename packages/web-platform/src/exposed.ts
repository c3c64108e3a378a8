/**
 * Components one remote exposes to another (`@lp/web-platform/exposed`): `loadExposed('billing', 'UpgradeDialog',
 * { timeoutMs, fallback })`. The shell registers the remotes from /remotes.json on its own federation instance and
 * the calling remote's instance knows none, so the module is asked of an instance that knows the remote.
 * Not part of the shared singleton: only the pages that borrow a component bundle this file.
 */
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';

export interface LoadExposedOptions<T> {
  /** A remote that neither loads nor fails (a stalled connection) counts as failed after this long. */
  timeoutMs?: number;
  /** Shown instead when the remote cannot be loaded (logged); without one, the failure is the caller's. */
  fallback?: T;
}

/** How a module `<remote>/<module>` is fetched: the federation runtime, or a test's stand-in. */
export type ExposedModuleLoader = (request: string) => Promise<unknown>;

const fromFederation: ExposedModuleLoader = async (request) => {
  const remote = request.slice(0, request.indexOf('/'));
  let host: ReturnType<typeof getInstance> | null = null;
  try {
    host = getInstance((instance) => instance.options.remotes.some((known) => known.name === remote)) ?? null;
  } catch {
    host = null; // no federation runtime (a standalone page)
  }
  return host ? host.loadRemote<unknown>(request) : loadRemote<unknown>(request);
};

let loadModule: ExposedModuleLoader = fromFederation;

/** Tests stand in for the federation runtime (a remote that fails, a stub component); `null` restores it. */
export function setExposedModuleLoader(next: ExposedModuleLoader | null) {
  loadModule = next ?? fromFederation;
}

/** The component `<remote>/<module>` exports under the module's name (or as default); else `fallback`, or a rejection. */
export async function loadExposed<T>(remote: string, module: string, { timeoutMs, fallback }: LoadExposedOptions<T> = {}): Promise<T> {
  const request = `${remote}/${module}`;
  try {
    const loading = loadModule(request).then((mod) => componentOf<T>(mod, module, request));
    return await (timeoutMs === undefined ? loading : withTimeout(loading, timeoutMs, request));
  } catch (error) {
    if (fallback === undefined) throw error;
    console.warn(`${request} could not be loaded; showing the local stand-in`, error);
    return fallback;
  }
}

function componentOf<T>(mod: unknown, name: string, request: string): T {
  const exports = (mod ?? {}) as Record<string, unknown>;
  const component = exports[name] ?? exports.default;
  const isComponent = typeof component === 'function' || (typeof component === 'object' && component !== null && '$$typeof' in component);
  if (!isComponent) throw new Error(`${request} does not export a component`);
  return component as T;
}

function withTimeout<T>(promise: Promise<T>, ms: number, request: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from ${request} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
