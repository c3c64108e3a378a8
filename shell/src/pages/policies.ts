/**
 * The four policy pages (spec §2): path, and the catalogue keys of the title (the shell's, shared with the footer)
 * and of the meta description each page sets (the policy pages' own catalogue).
 */
export const POLICY_PAGES = [
  { path: '/privacy-policy', title: 'policy.privacy', description: 'policy.privacyDescription' },
  { path: '/terms-of-service', title: 'policy.terms', description: 'policy.termsDescription' },
  { path: '/refund-policy', title: 'policy.refund', description: 'policy.refundDescription' },
  { path: '/disclaimer', title: 'policy.disclaimer', description: 'policy.disclaimerDescription' },
] as const;

export type PolicyPath = (typeof POLICY_PAGES)[number]['path'];
