/**
 * On the free trial quiz's results (issue 31 §8): what the plan adds, its price, and the way to /subscribe, right
 * where the learner has just seen what a full quiz is like.
 */
// The light subpath: the quiz page loads no schemas for this.
import { PLAN_FEATURES, PLAN_PRICES } from '@lp/contracts/plan';
import { Button } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useFormat } from '@lp/web-platform/format';
import { en, useT } from '../../i18n/quiz/index.ts';
import './trial.css';

/** The plan's features as `PLAN_FEATURES` lists them (@lp/contracts/plan), one key each, in its order. */
const FEATURE_KEYS = ['trial.featureQuizzes', 'trial.featureProgress', 'trial.featureMistakes', 'trial.featureChallenges'] as const satisfies
  { length: (typeof PLAN_FEATURES)['length'] } & readonly (keyof typeof en)[];

export function TrialPlanOffer() {
  const t = useT();
  const { formatMoney } = useFormat();
  // The plan is sold in India in rupees; /subscribe prices other regions.
  const price = formatMoney(PLAN_PRICES.india.currency, PLAN_PRICES.india.amount);
  return (
    <section className="lp-trial-offer" aria-labelledby="trial-offer-title">
      <h3 id="trial-offer-title" className="lp-trial-offer__title">
        {t('trial.title')}
      </h3>
      <p>{t('trial.adds', { price })}</p>
      <ul className="lp-trial-offer__features">
        {PLAN_FEATURES.map((feature, i) => (
          <li key={feature}>{t(FEATURE_KEYS[i]!)}</li>
        ))}
      </ul>
      <Button asChild>
        <Link to="/subscribe">{t('trial.subscribe', { price })}</Link>
      </Button>
      <p className="lp-trial-offer__note">{t('trial.note')}</p>
    </section>
  );
}
