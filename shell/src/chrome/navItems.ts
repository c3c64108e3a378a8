import type { Role } from '@lp/contracts';

export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavModel {
  links: NavLinkItem[];
  /** The Admin menu: only for the owner role (spec §2, §6). */
  adminMenu: NavLinkItem[] | null;
  /** Signed in: the user menu with Sign Out; signed out: the Sign in with Google button. */
  account: 'user-menu' | 'sign-in';
}

export const ADMIN_MENU: NavLinkItem[] = [
  { to: '/admin-upload', label: 'Content Upload' },
  { to: '/admin-revision-settings', label: 'Revision Settings' },
  { to: '/admin-feedback', label: 'Feedback Inbox' },
  { to: '/admin-flags', label: 'Flagged Questions' },
  // Diagnostics: checks the owner runs, reachable from nowhere else (issue 30 §2).
  { to: '/test-payment', label: 'Payment Test' },
  { to: '/admin-versions', label: 'Versions' },
  { to: '/admin-metrics', label: 'Metrics' },
];

/** What the navigation bar offers: Home and Dashboard; Feedback when signed in; the Admin menu for the owner. */
export function navModel(signedIn: boolean, role: Role | null): NavModel {
  const links: NavLinkItem[] = [
    { to: '/', label: 'Home' },
    { to: '/dashboard', label: 'Dashboard' },
  ];
  if (signedIn) links.push({ to: '/feedback', label: 'Feedback' });
  return {
    links,
    adminMenu: signedIn && role === 'owner' ? ADMIN_MENU : null,
    account: signedIn ? 'user-menu' : 'sign-in',
  };
}
