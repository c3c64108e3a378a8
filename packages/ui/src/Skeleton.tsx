import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx.ts';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A grey placeholder block while content loads (hidden from assistive technology). */
export function Skeleton({ width = '100%', height = '1rem', className }: SkeletonProps) {
  // Inline: each placeholder's size comes from its caller (the shape of what it stands in for).
  return <span aria-hidden="true" className={cx('lp-skeleton', className)} style={{ width, height }} />;
}

export interface LoadingStatusProps {
  /** What is loading, e.g. "Loading subjects": the name assistive technology reads. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * What stands in for content while it loads: a busy status named by `label`, holding the placeholders. A status,
 * because a plain div may not carry a label (axe: aria-prohibited-attr, serious).
 */
export function LoadingStatus({ label, className, children }: LoadingStatusProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {children}
    </div>
  );
}
