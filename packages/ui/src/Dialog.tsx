/**
 * The dialog, loaded on first use. Radix's dialog (focus trap, scroll lock, portals: ~19 KiB compressed) is
 * only fetched by a page that renders a `<Dialog>`, so a guest's first paint never waits for it. The root
 * renders nothing until the parts are loaded (a few milliseconds after a page first shows one); everything
 * inside it (trigger, content, close) renders after that and reads the parts synchronously. Once loaded,
 * every later dialog renders at once. Tests preload them (`preloadUi()` in their setup).
 */
import { useEffect, useState, type ComponentProps } from 'react';
import type * as Parts from './DialogParts.tsx';

export type { DialogContentProps } from './DialogParts.tsx';

let parts: typeof Parts | null = null;
let loading: Promise<typeof Parts> | null = null;

/** Fetches the dialog code ahead of need (e.g. when a page will surely open one). */
export function preloadDialog(): Promise<typeof Parts> {
  loading ??= import('./DialogParts.tsx').then((m) => (parts = m));
  return loading;
}

export function Dialog(props: ComponentProps<typeof Parts.Dialog>) {
  const [loaded, setLoaded] = useState(parts);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void preloadDialog().then((m) => {
      if (live) setLoaded(m);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  if (!loaded) return null;
  return <loaded.Dialog {...props} />;
}

/** Inside a `<Dialog>` the parts are loaded: the root only renders its children once they are. */
function loadedParts(): typeof Parts {
  if (!parts) throw new Error('Dialog parts used outside a <Dialog>');
  return parts;
}

export function DialogTrigger(props: ComponentProps<typeof Parts.DialogTrigger>) {
  const { DialogTrigger: Trigger } = loadedParts();
  return <Trigger {...props} />;
}

export function DialogClose(props: ComponentProps<typeof Parts.DialogClose>) {
  const { DialogClose: Close } = loadedParts();
  return <Close {...props} />;
}

export function DialogContent(props: ComponentProps<typeof Parts.DialogContent>) {
  const { DialogContent: Content } = loadedParts();
  return <Content {...props} />;
}
