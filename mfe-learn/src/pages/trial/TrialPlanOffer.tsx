/**
 * On the free trial quiz's results (issue 31 §8): what the plan adds, its price, and the way to /subscribe, right
 * where the learner has just seen what a full quiz is like.
 */
// The light subpath: the quiz page loads no schemas for this.
import { PLAN_FEATURES, PLAN_PRICES } from '@lp/contracts/plan';
import { Button } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { formatMoney } from '@lp/web-platform/format';
import './trial.css';

/** The plan is sold in India in rupees; /subscribe prices other regions. */
const YEARLY_PRICE = formatMoney(PLAN_PRICES.india.currency, PLAN_PRICES.india.amount);

export function TrialPlanOffer() {
  return (
    <section className="lp-trial-offer" aria-labelledby="trial-offer-title">
      <h3 id="trial-offer-title" className="lp-trial-offer__title">
        That was your free quiz
      </h3>
      <p>The yearly plan adds, for {YEARLY_PRICE} a year:</p>
      <ul className="lp-trial-offer__features">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button asChild>
        <Link to="/subscribe">Subscribe for {YEARLY_PRICE} a year</Link>
      </Button>
      <p className="lp-trial-offer__note">Sample quizzes of 10 questions stay free.</p>
    </section>
  );
}
