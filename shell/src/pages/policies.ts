import { PRODUCT_NAME } from '../brand.ts';

/** The four policy pages (spec §2): path, title, and the meta description each page sets. */
export const POLICY_PAGES = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: `What ${PRODUCT_NAME} collects when you sign in with Google and study, how it is used, shared and protected, and your rights.`,
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    description: `The terms for using ${PRODUCT_NAME}: the service, accounts, AI-generated content, subscriptions, conduct and liability.`,
  },
  {
    path: '/refund-policy',
    title: 'Refund Policy',
    description: `The 7-day money-back guarantee for first-time ${PRODUCT_NAME} subscriptions, what is excluded, refund times and how to cancel.`,
  },
  {
    path: '/disclaimer',
    title: 'Disclaimer',
    description: `${PRODUCT_NAME} quizzes are AI-generated for educational purposes and may be inaccurate: accuracy, educational use and liability.`,
  },
] as const;

export type PolicyPath = (typeof POLICY_PAGES)[number]['path'];

