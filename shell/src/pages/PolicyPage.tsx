import { PageHeading } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useFormat } from '@lp/web-platform/format';
import { useI18n } from '@lp/web-platform/i18n';
import { pageTitle, PRODUCT_NAME } from '../brand.ts';
import { useT } from '../i18n/index.ts';
import { usePagesT } from '../i18n/pages.ts';
import { POLICY_PAGES, type PolicyPath } from './policies.ts';
import { PolicyContent } from './PolicyContent.tsx';
import { useDocumentMeta } from './meta.ts';

export { POLICY_PAGES };

/**
 * A policy page: scrolls to the top, sets the title and description, Back to Home at the top and bottom, last
 * updated today. In Hindi the chrome and heading are Hindi and a note says the English text below is the binding one
 * (the body keeps `lang="en"`, so a screen reader reads it as English).
 */
export function PolicyPage({ path }: { path: PolicyPath }) {
  const page = POLICY_PAGES.find((p) => p.path === path) ?? POLICY_PAGES[0];
  const t = useT();
  const tp = usePagesT();
  const { formatDate } = useFormat();
  const inEnglish = useI18n((s) => s.language) === 'en';
  const title = t(page.title);
  useDocumentMeta(pageTitle(title), tp(page.description, { name: PRODUCT_NAME }));
  const back = (
    <Link to="/" className="lp-back-link">
      <span aria-hidden="true">← </span>{tp('policy.back')}
    </Link>
  );
  return (
    <article className="lp-page lp-page--narrow lp-policy">
      <p className="lp-policy__back">{back}</p>
      <PageHeading title={title} subtitle={tp('policy.updated', { date: formatDate(new Date()) })} />
      {!inEnglish && <p><strong>{tp('policy.englishBinding')}</strong></p>}
      <div className="lp-policy__body" lang="en">
        <PolicyContent path={page.path} />
      </div>
      <p className="lp-policy__back lp-policy__back--bottom">{back}</p>
    </article>
  );
}
