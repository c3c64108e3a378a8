import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A call to action, e.g. a "Return to Dashboard" button. */
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="lp-state">
      <h2 className="lp-state__title">{title}</h2>
      {description && <p className="lp-state__text">{description}</p>}
      {action && <div className="lp-state__action">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** Something failed: says what, and offers a retry. Announced to screen readers. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  return (
    <div className="lp-state lp-state--error" role="alert">
      <h2 className="lp-state__title">{title}</h2>
      <p className="lp-state__text">{message}</p>
      {onRetry && (
        <div className="lp-state__action">
          <Button variant="outline" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
