import * as RadixToast from '@radix-ui/react-toast';
import { useToasts } from '@lp/web-platform';
import { traceIdOf } from '@lp/web-platform/call-details';
import { cx } from './cx.ts';

/**
 * Renders the shared toast store (spec §9: one at a time, 5000 ms, F8 focuses the viewport).
 * Mount it once, in the shell; remotes call `toast()` from @lp/web-platform.
 */
export interface ToasterLabels {
  /** Each toast's close button, in the reader's language (the shell's catalogue). */
  closeLabel?: string;
  /** The toast region's accessible name; Radix puts the hotkey in for `{hotkey}`. */
  regionLabel?: string;
  /** What a screen reader says before each toast. */
  announceLabel?: string;
  /** A failed call's trace id line; `{id}` is the id. */
  referenceLabel?: string;
}

// The defaults are Radix's own English ones, for a page that passes no labels.
export function ToasterView({ closeLabel = 'Close', regionLabel = 'Notifications ({hotkey})', announceLabel = 'Notification', referenceLabel = 'Reference: {id}' }: ToasterLabels) {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <RadixToast.Provider label={announceLabel} swipeDirection="right" swipeThreshold={50} duration={Infinity}>
      {toasts.map((t) => {
        // A failed call's trace id: "Reference: <id>" finds the click in the trace viewer (issue 29).
        const reference = traceIdOf(t.error);
        return (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          // The store owns the timer (so every remote sees the same state); Radix only renders.
          duration={Infinity}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cx('lp-toast', t.variant === 'destructive' && 'lp-toast--destructive')}
        >
          {t.title && <RadixToast.Title className="lp-toast__title">{t.title}</RadixToast.Title>}
          {t.description && <RadixToast.Description className="lp-toast__description">{t.description}</RadixToast.Description>}
          {reference && <p className="lp-toast__reference">{referenceLabel.replace('{id}', reference)}</p>}
          <RadixToast.Close className="lp-toast__close" aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className="lp-toast-viewport" hotkey={['F8']} label={regionLabel} />
    </RadixToast.Provider>
  );
}
