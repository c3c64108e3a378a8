// The yearly plan as learners see it: what it adds (spec §1) and its price per region (spec §9). Plain values, no
// schemas: `@lp/contracts/plan` lets a page show the plan without loading every schema (and TypeBox) with it.

/** What the yearly plan adds: on /subscription, in the upgrade dialog and on the free trial quiz's results. */
export const PLAN_FEATURES = [
  'Full chapter and topic quizzes in every subject',
  'Progress tracking and spaced revision',
  'Mistake review and review sessions',
  'Friend challenges',
] as const;

/** Yearly prices by region, for front ends that show them before asking the server (billing.ts types them as PRICES). */
export const PLAN_PRICES = {
  india: { amount: '500.00', currency: 'INR', providers: ['razorpay', 'paypal'] },
  us: { amount: '5.00', currency: 'USD', providers: ['paypal'] },
  europe: { amount: '5.00', currency: 'EUR', providers: ['paypal'] },
  other: { amount: '5.00', currency: 'USD', providers: ['razorpay', 'paypal'] },
} as const;
