import { PageHeading } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { pageTitle } from '../brand.ts';
import { POLICY_PAGES, type PolicyPath } from './policies.ts';
import { PolicyContent } from './PolicyContent.tsx';
import { useDocumentMeta } from './meta.ts';
import { formatDate } from '@lp/web-platform/format';

export { POLICY_PAGES };

/** Today, e.g. "14 Mar 2026" (the one date format of every page). */
export const lastUpdated = (now = new Date()) => formatDate(now);

/** A policy page: scrolls to the top, sets the title and description, Back to Home at the top and bottom. */
export function PolicyPage({ path }: { path: PolicyPath }) {
  const page = POLICY_PAGES.find((p) => p.path === path) ?? POLICY_PAGES[0];
  useDocumentMeta(pageTitle(page.title), page.description);
  const back = (
    <Link to="/" className="lp-back-link">
      <span aria-hidden="true">← </span>Back to Home
    </Link>
  );
  return (
    <article className="lp-page lp-page--narrow lp-policy">
      <p className="lp-policy__back">{back}</p>
      <PageHeading title={page.title} subtitle={`Last updated: ${lastUpdated()}`} />
      <div className="lp-policy__body">
        <PolicyContent path={page.path} />
      </div>
      <p className="lp-policy__back lp-policy__back--bottom">{back}</p>
    </article>
  );
}
