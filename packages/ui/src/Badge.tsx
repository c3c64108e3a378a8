import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export type BadgeVariant = 'default' | 'success' | 'warning' | 'danger' | 'muted';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...rest }: BadgeProps) {
  return <span className={cx('lp-badge', `lp-badge--${variant}`, className)} {...rest} />;
}
