// The policy pages' chrome in English (issue 33 §1): in the policy pages' lazy chunk, never on a first paint of the
// landing or guest page. The policies' own text stays in PolicyContent.tsx: the English one is the binding text.
export const policyEn = {
  'policy.back': 'Back to Home',
  'policy.updated': 'Last updated: {date}',
  'policy.englishBinding': 'This policy is in English; the English text below is the binding one.',
  'policy.privacyDescription': 'What {name} collects when you sign in with Google and study, how it is used, shared and protected, and your rights.',
  'policy.termsDescription': 'The terms for using {name}: the service, accounts, AI-generated content, subscriptions, conduct and liability.',
  'policy.refundDescription': 'The 7-day money-back guarantee for first-time {name} subscriptions, what is excluded, refund times and how to cancel.',
  'policy.disclaimerDescription': '{name} quizzes are AI-generated for educational purposes and may be inaccurate: accuracy, educational use and liability.',
} as const;
