/**
 * Spec §9 "Marketing claims", shown as what research reports, never as measurements of this
 * platform (spec §1: whether they hold for the product is not shown).
 */
import { PRODUCT_NAME } from '../brand.ts';
import { useMarketingT as useT } from '../i18n/marketing.ts';

const WITHOUT = [
  { figure: '50%', when: 'claims.hour1' },
  { figure: '70%', when: 'claims.hours24' },
  { figure: '90%', when: 'claims.week1' },
] as const;
const WITH = [
  { figure: '90%', when: 'claims.afterDay1' },
  { figure: '80%', when: 'claims.afterWeek1' },
  { figure: '75%', when: 'claims.afterMonth1' },
] as const;

type When = (typeof WITHOUT | typeof WITH)[number]['when'];

function ClaimList({ items, verb }: { items: readonly { figure: string; when: When }[]; verb: 'claims.forgotten' | 'claims.retained' }) {
  const t = useT();
  return (
    <ul className="lp-claims__list">
      {items.map((item) => (
        <li key={item.when} className="lp-claims__item">
          <span className="lp-claims__figure">{item.figure}</span>
          <span className="lp-claims__when">{t(verb, { when: t(item.when) })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The forgetting-curve comparison, attributed to research. `headingLevel` keeps the outline right on each page. */
export function ScienceClaims({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="lp-claims">
      <p className="lp-claims__lead">{t('claims.lead')}</p>
      <div className="lp-claims__columns">
        <div className="lp-claims__column lp-claims__column--without">
          <H className="lp-claims__title">{t('claims.withoutTitle')}</H>
          <p className="lp-claims__intro">{t('claims.withoutIntro')}</p>
          <ClaimList items={WITHOUT} verb="claims.forgotten" />
        </div>
        <div className="lp-claims__column lp-claims__column--with">
          <H className="lp-claims__title">{t('claims.withTitle')}</H>
          <p className="lp-claims__intro">{t('claims.withIntro')}</p>
          <ClaimList items={WITH} verb="claims.retained" />
        </div>
      </div>
      <p className="lp-claims__source">{t('claims.source', { name: PRODUCT_NAME })}</p>
    </div>
  );
}
