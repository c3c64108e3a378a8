import type { CSSProperties } from 'react';
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
