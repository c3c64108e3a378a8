// The signed-in chrome's English (account and admin menus, the disclaimer's and menus' notices): loaded with the
// menus, never on a visitor's page.
export const accountEn = {
  'menu.accountFor': 'Account menu for',
  'menu.plan': 'My plan and payments',
  'menu.untimed': 'Untimed mode: hide timers',
  'menu.replies': { one: '{count} new feedback reply', other: '{count} new feedback replies' },
  'menu.replyToast': 'Reply to your feedback',
  'menu.signOut': 'Sign Out',
  'menu.languageSaveFailed': 'Could not save your language. It is used on this device only.',
  'admin.upload': 'Content Upload',
  'admin.revision': 'Revision Settings',
  'admin.feedback': 'Feedback Inbox',
  'admin.flags': 'Flagged Questions',
  'admin.paymentTest': 'Payment Test',
  'admin.versions': 'Versions',
  'admin.metrics': 'Metrics',
  'error.error': 'Error',
  'disclaimer.saveFailed': 'Could not save your acceptance. Please try again.',
} as const;
