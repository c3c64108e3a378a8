import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
}

/** A bordered surface. With a `title`, it gets a heading (h2) and is labelled by it. */
export function Card({ title, description, footer, className, children, ...rest }: CardProps) {
  return (
    <section className={cx('lp-card', className)} {...rest}>
      {(title || description) && (
        <header className="lp-card__header">
          {title && <h2 className="lp-card__title">{title}</h2>}
          {description && <p className="lp-card__description">{description}</p>}
        </header>
      )}
      {children !== undefined && <div className="lp-card__body">{children}</div>}
      {footer && <footer className="lp-card__footer">{footer}</footer>}
    </section>
  );
}
