// The footer's policy links: path and the catalogue's key for the title. Apart from policies.ts, whose descriptions
// only the policy pages (a lazy chunk) need: the footer is on every first paint.
export const POLICY_LINKS = [
  { path: '/privacy-policy', key: 'policy.privacy' },
  { path: '/terms-of-service', key: 'policy.terms' },
  { path: '/refund-policy', key: 'policy.refund' },
  { path: '/disclaimer', key: 'policy.disclaimer' },
] as const;
