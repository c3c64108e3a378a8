/**
 * Spec §9 "Marketing claims", shown as what research reports, never as measurements of this
 * platform (spec §1: whether they hold for the product is not shown).
 */
import { PRODUCT_NAME } from '../brand.ts';

export const CLAIMS = {
  betterThanCramming: 'Research on spaced repetition reports retention up to 90% better than cramming.',
  without: [
    { figure: '50%', when: 'within 1 hour' },
    { figure: '70%', when: 'within 24 hours' },
    { figure: '90%', when: 'within 1 week' },
  ],
  with: [
    { figure: '90%', when: 'after 1 day' },
    { figure: '80%', when: 'after 1 week' },
    { figure: '75%', when: 'after 1 month' },
  ],
  source: `These figures are reported in published research on memory and spaced repetition; they are not measurements of ${PRODUCT_NAME} or its users.`,
} as const;

function ClaimList({ items, verb }: { items: readonly { figure: string; when: string }[]; verb: string }) {
  return (
    <ul className="lp-claims__list">
      {items.map((item) => (
        <li key={item.when} className="lp-claims__item">
          <span className="lp-claims__figure">{item.figure}</span>
          <span className="lp-claims__when">
            {verb} {item.when}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The forgetting-curve comparison, attributed to research. `headingLevel` keeps the outline right on each page. */
export function ScienceClaims({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="lp-claims">
      <p className="lp-claims__lead">{CLAIMS.betterThanCramming}</p>
      <div className="lp-claims__columns">
        <div className="lp-claims__column lp-claims__column--without">
          <H className="lp-claims__title">Without spaced repetition</H>
          <p className="lp-claims__intro">Studies of the forgetting curve report that learners forget about:</p>
          <ClaimList items={CLAIMS.without} verb="forgotten" />
        </div>
        <div className="lp-claims__column lp-claims__column--with">
          <H className="lp-claims__title">With spaced repetition</H>
          <p className="lp-claims__intro">Studies report that learners who revise at spaced intervals retain about:</p>
          <ClaimList items={CLAIMS.with} verb="retained" />
        </div>
      </div>
      <p className="lp-claims__source">{CLAIMS.source}</p>
    </div>
  );
}
