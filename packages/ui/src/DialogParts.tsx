import type { ReactNode, RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { cx } from './cx.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the bottom (use DialogClose asChild for a cancel button). */
  footer?: ReactNode;
  /** A dialog that cannot be dismissed with Escape, an outside click or a close button. */
  modal?: 'dismissable' | 'blocking';
  className?: string;
  children?: ReactNode;
  /** Where focus goes when the dialog closes, for a dialog opened without a `DialogTrigger` (Radix returns it to the trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The close button's accessible name in the reader's language (the caller's catalogue); "Close" without one. */
  closeLabel?: string;
}

/** A centred modal with a title (required, for accessibility), focus trap and Escape to close. */
export function DialogContent({ title, description, footer, modal = 'dismissable', className, children, returnFocusTo, closeLabel = 'Close' }: DialogContentProps) {
  const blocking = modal === 'blocking';
  const block = (event: Event) => {
    if (blocking) event.preventDefault();
  };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="lp-dialog__overlay" />
      <RadixDialog.Content
        className={cx('lp-dialog', className)}
        onEscapeKeyDown={block}
        onPointerDownOutside={block}
        onInteractOutside={block}
        onCloseAutoFocus={returnFocusTo ? (event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        } : undefined}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="lp-dialog__title">{title}</RadixDialog.Title>
        {description && <RadixDialog.Description className="lp-dialog__description">{description}</RadixDialog.Description>}
        {children !== undefined && <div className="lp-dialog__body">{children}</div>}
        {footer && <div className="lp-dialog__footer">{footer}</div>}
        {!blocking && (
          <RadixDialog.Close className="lp-dialog__close" aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
