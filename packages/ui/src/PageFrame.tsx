import { useEffect, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface PageHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or links shown beside the heading. */
  actions?: ReactNode;
}

/** The page's one h1, with an optional subtitle and actions. */
export function PageHeading({ title, subtitle, actions }: PageHeadingProps) {
  return (
    <header className="lp-page-heading">
      <div>
        <h1 className="lp-page-heading__title">{title}</h1>
        {subtitle && <p className="lp-page-heading__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="lp-page-heading__actions">{actions}</div>}
    </header>
  );
}

export interface PageFrameProps extends PageHeadingProps {
  /** The document title; defaults to the heading when it is a string. */
  documentTitle?: string;
  /** `narrow` for forms and reading pages. */
  width?: 'wide' | 'narrow';
  className?: string;
  children?: ReactNode;
}

/** The frame every screen sits in: a labelled region with a heading, then the content. */
export function PageFrame({ title, subtitle, actions, documentTitle, width = 'wide', className, children }: PageFrameProps) {
  const docTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (docTitle) document.title = docTitle;
  }, [docTitle]);
  return (
    <div className={cx('lp-page', width === 'narrow' && 'lp-page--narrow', className)}>
      <PageHeading title={title} subtitle={subtitle} actions={actions} />
      <div className="lp-page__body">{children}</div>
    </div>
  );
}
