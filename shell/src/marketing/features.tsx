import { Badge } from '@lp/ui';
import { useMarketingT as useT } from '../i18n/marketing.ts';

/** A feature card's texts, already in the page's language. */
export interface Feature {
  title: string;
  text: string;
  /** Part of the yearly premium subscription (spec §1, §6), not the free plan. */
  premium?: boolean;
  mark: string;
}

/** Why choose us (landing, spec §2): the shell catalogue's keys. */
export const WHY_CHOOSE_US = [
  { title: 'why.srTitle', text: 'why.srText', mark: '↻' },
  { title: 'why.challengeTitle', text: 'why.challengeText', mark: '⚑' },
  { title: 'why.progressTitle', text: 'why.progressText', mark: '▲' },
] as const;


export function FeatureCard({ feature, headingLevel = 3 }: { feature: Feature; headingLevel?: 2 | 3 }) {
  const t = useT();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="lp-feature">
      <span className="lp-feature__mark" aria-hidden="true">
        {feature.mark}
      </span>
      <H className="lp-feature__title">{feature.title}</H>
      <p className="lp-feature__text">{feature.text}</p>
      {feature.premium && <Badge variant="default">{t('premium')}</Badge>}
    </li>
  );
}

export function FeatureGrid({ features, label, showPremium = true }: { features: readonly Feature[]; label: string; showPremium?: boolean }) {
  return (
    <ul className="lp-features" aria-label={label}>
      {features.map((feature) => (
        <FeatureCard key={feature.title} feature={showPremium ? feature : { ...feature, premium: false }} />
      ))}
    </ul>
  );
}
