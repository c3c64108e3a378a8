import { Badge } from '@lp/ui';

export interface Feature {
  title: string;
  text: string;
  /** Part of the yearly premium subscription (spec §1, §6), not the free plan. */
  premium?: boolean;
  mark: string;
}

/** Why choose us (landing, spec §2). */
export const WHY_CHOOSE_US: readonly Feature[] = [
  {
    title: 'Smart Spaced Repetition',
    mark: '↻',
    text: 'Each chapter comes back for revision three times, at intervals our admins set: a star for every revision, and Mastered after the third. Your daily review brings back each question just before you would forget it (FSRS).',
  },
  {
    title: 'Challenge Friends',
    mark: '⚑',
    text: 'Send a link your friend can play without an account, or find a friend by e-mail, and see who scores higher.',
  },
  {
    title: 'Track Progress',
    mark: '▲',
    text: 'Accuracy per chapter, your study streak, revision stages and a history of your last quizzes, all on one dashboard.',
  },
];


export function FeatureCard({ feature, headingLevel = 3 }: { feature: Feature; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="lp-feature">
      <span className="lp-feature__mark" aria-hidden="true">
        {feature.mark}
      </span>
      <H className="lp-feature__title">{feature.title}</H>
      <p className="lp-feature__text">{feature.text}</p>
      {feature.premium && <Badge variant="default">Premium</Badge>}
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
