/**
 * The toaster, loaded with the first toast. Mount it once (the shell does); until something calls `toast()`
 * it renders nothing and Radix's toast code (~6 KiB compressed) is not fetched at all. Once loaded, it stays.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterLabels } from './ToasterView.tsx';
import { useToasts } from '@lp/web-platform';

let view: ComponentType<ToasterLabels> | null = null;
let loading: Promise<ComponentType<ToasterLabels>> | null = null;

/** Fetches the toaster's code ahead of need. */
export function preloadToaster(): Promise<ComponentType<ToasterLabels>> {
  loading ??= import('./ToasterView.tsx').then((m) => (view = m.ToasterView));
  return loading;
}

export function Toaster(labels: ToasterLabels) {
  const hasToast = useToasts((s) => s.toasts.length > 0);
  const [View, setView] = useState<ComponentType<ToasterLabels> | null>(() => view);
  useEffect(() => {
    if (View || !hasToast) return;
    let live = true;
    void preloadToaster().then((loaded) => {
      if (live) setView(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [View, hasToast]);
  return View ? <View {...labels} /> : null;
}

/** Loads the dialog and the toaster now, so they render at once (tests call it in their setup). */
export async function preloadUi(): Promise<void> {
  const { preloadDialog } = await import('./Dialog.tsx');
  await Promise.all([preloadDialog(), preloadToaster()]);
}
