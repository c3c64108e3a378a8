import { cx } from './cx.ts';

export interface SpinnerProps {
  /** Shown next to the spinner and announced to screen readers. */
  label?: string;
  /** Fill the viewport (the auth check's "Loading..." screen). */
  fullScreen?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading...', fullScreen = false, className }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={cx('lp-spinner', fullScreen && 'lp-spinner--full', className)}>
      <span className="lp-spinner__ring" aria-hidden="true" />
      <span className="lp-spinner__label">{label}</span>
    </div>
  );
}
