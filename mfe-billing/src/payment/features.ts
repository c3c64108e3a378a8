/** What the yearly plan includes: listed on /subscription and in the exposed upgrade dialog (which imports this,
 *  not the page, so learn's quiz does not load the subscription page or its styles with the dialog). The list itself
 *  lives in the contracts, so learn's trial results say the same. */
export { PLAN_FEATURES as FEATURES } from '@lp/contracts';

/** Each of `FEATURES` in the catalogue, in its order. */
export const FEATURE_KEYS = ['plan.featureQuizzes', 'plan.featureProgress', 'plan.featureMistakes', 'plan.featureChallenges'] as const;
