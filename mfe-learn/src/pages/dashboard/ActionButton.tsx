import { useId, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@lp/ui';
import { Link } from '@lp/web-platform';

/**
 * A start button: a link styled as a button while allowed, a disabled button (with the reason as its
 * description) when not. Disabled links are not a thing, so the element changes.
 */
export function ActionButton({
  to,
  disabled = false,
  hint,
  variant = 'outline',
  label,
  children,
}: {
  to: string;
  disabled?: boolean;
  hint?: string | null;
  variant?: ButtonVariant;
  /** Accessible name when the visible text is not enough (e.g. which chapter). */
  label?: string;
  children: ReactNode;
}) {
  const hintId = useId();
  if (disabled) {
    return (
      <>
        <Button variant={variant} size="sm" disabled aria-label={label} aria-describedby={hint ? hintId : undefined} title={hint ?? undefined}>
          {children}
        </Button>
        {hint && (
          <span id={hintId} className="lp-visually-hidden">
            {hint}
          </span>
        )}
      </>
    );
  }
  return (
    <Button asChild variant={variant} size="sm">
      <Link to={to} aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}
