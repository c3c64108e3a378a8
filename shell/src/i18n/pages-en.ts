// The shell's other pages in English (issue 33 §1): the policy pages' chrome and the 404 page, in their lazy chunks,
// never on a first paint of the landing or guest page. The policies' own text stays in PolicyContent.tsx: the English
// one is the binding text. The 404 page's English is @lp/ui's (spec §8's texts).
import { NOT_FOUND_TEXTS } from '@lp/ui';

export const pagesEn = {
  ...NOT_FOUND_TEXTS,
  'policy.back': 'Back to Home',
  'policy.updated': 'Last updated: {date}',
  'policy.englishBinding': 'This policy is in English; the English text below is the binding one.',
  'policy.privacyDescription': 'What {name} collects when you sign in with Google and study, how it is used, shared and protected, and your rights.',
  'policy.termsDescription': 'The terms for using {name}: the service, accounts, AI-generated content, subscriptions, conduct and liability.',
  'policy.refundDescription': 'The 7-day money-back guarantee for first-time {name} subscriptions, what is excluded, refund times and how to cancel.',
  'policy.disclaimerDescription': '{name} quizzes are AI-generated for educational purposes and may be inaccurate: accuracy, educational use and liability.',
} as const;
