/**
 * The upgrade dialog, from the billing remote (`billing/UpgradeDialog`), with a local stand-in when
 * the billing remote cannot be loaded: the page never blanks and the learner still gets both ways on.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { UpgradeDialog, type UpgradeDialogProps } from '@lp/ui';
import { loadExposed } from '@lp/web-platform/exposed';

export type { UpgradeDialogProps };

export type UpgradeDialogComponent = ComponentType<UpgradeDialogProps>;

/** A remote that neither loads nor fails (a stalled connection) must not keep the dialog away. */
const LOAD_TIMEOUT_MS = 8000;

/** The same dialog billing exposes (it lives in the UI kit), for when the billing remote is down. */
export const LocalUpgradeDialog: UpgradeDialogComponent = UpgradeDialog;

/** Billing's dialog, or the local one when the billing remote cannot be loaded (tried again next time). */
export const loadUpgradeDialog = () =>
  loadExposed<UpgradeDialogComponent>('billing', 'UpgradeDialog', { timeoutMs: LOAD_TIMEOUT_MS, fallback: LocalUpgradeDialog });

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
