// The name other people see for a user (a challenge card, the feedback inbox), from identity's profile as
// `identity.user.upserted` carries it: one rule for every service that keeps names.

/** First and last name; else the e-mail's local part (a guest must never see the full address); else 'A friend'. */
export function userDisplayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email.split('@')[0] || 'A friend';
}
