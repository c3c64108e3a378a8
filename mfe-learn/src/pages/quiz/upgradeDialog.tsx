/**
 * The upgrade dialog, from the billing remote (`billing/UpgradeDialog`), with a local stand-in when
 * the billing remote cannot be loaded: the page never blanks and the learner still gets both ways on.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { UpgradeDialog, type UpgradeDialogProps } from '@lp/ui';

export type { UpgradeDialogProps };

export type UpgradeDialogComponent = ComponentType<UpgradeDialogProps>;

type FederationInstance = NonNullable<ReturnType<typeof getInstance>>;

/**
 * The shell registers the remotes from /remotes.json on its own federation instance; this remote's
 * instance knows none. Use an instance that knows `billing` (the shell's), else this one.
 */
async function loadFromBilling(): Promise<UpgradeDialogComponent> {
  let host: FederationInstance | null = null;
  try {
    host = getInstance((instance) => instance.options.remotes.some((remote) => remote.name === 'billing')) ?? null;
  } catch {
    host = null; // no federation runtime (standalone page, tests)
  }
  const mod = host
    ? await host.loadRemote<{ UpgradeDialog?: unknown; default?: unknown }>('billing/UpgradeDialog')
    : await loadRemote<{ UpgradeDialog?: unknown; default?: unknown }>('billing/UpgradeDialog');
  const component = mod?.UpgradeDialog ?? mod?.default;
  if (typeof component !== 'function') throw new Error('billing/UpgradeDialog does not export a component');
  return component as UpgradeDialogComponent;
}

/** A remote that neither loads nor fails (a stalled connection) must not keep the dialog away. */
const LOAD_TIMEOUT_MS = 8000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the billing remote within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

let loader: () => Promise<UpgradeDialogComponent> = loadFromBilling;
let cached: Promise<UpgradeDialogComponent> | null = null;

/** Tests swap the loader (e.g. one that fails, to see the local dialog). */
export function setUpgradeDialogLoader(next: () => Promise<UpgradeDialogComponent>) {
  loader = next;
  cached = null;
}

/** Billing's dialog, or the local one when the billing remote cannot be loaded. */
export function loadUpgradeDialog(): Promise<UpgradeDialogComponent> {
  cached ??= withTimeout(loader(), LOAD_TIMEOUT_MS).catch((error: unknown) => {
    console.warn('[learn] billing/UpgradeDialog could not be loaded; showing the local upgrade dialog', error);
    cached = null; // try the remote again next time
    return LocalUpgradeDialog;
  });
  return cached;
}

/** The same dialog billing exposes (it lives in the UI kit), for when the billing remote is down. */
export const LocalUpgradeDialog: UpgradeDialogComponent = UpgradeDialog;

/** Opens the upgrade dialog as soon as it is loaded (the local one meanwhile would flash; wait a moment). */
export function UpgradeDialogHost({ open, onOpenChange, chapterId }: Omit<UpgradeDialogProps, 'onTrySample'>) {
  const [Component, setComponent] = useState<UpgradeDialogComponent | null>(null);
  useEffect(() => {
    let live = true;
    void loadUpgradeDialog().then((component) => {
      if (live) setComponent(() => component);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!Component) return null;
  return <Component open={open} onOpenChange={onOpenChange} chapterId={chapterId} />;
}
