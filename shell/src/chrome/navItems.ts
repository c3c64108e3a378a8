import type { Role } from '@lp/contracts';
import type { en } from '../i18n/en.ts';

export interface NavLinkItem {
  to: string;
  /** The shell catalogue's key for the link's text. */
  label: keyof typeof en;
}

export interface NavModel {
  links: NavLinkItem[];
  /** The Admin menu: only for the owner role (spec §2, §6). */
  adminMenu: NavLinkItem[] | null;
  /** Signed in: the user menu with Sign Out; signed out: the Sign in with Google button. */
  account: 'user-menu' | 'sign-in';
}

export const ADMIN_MENU: NavLinkItem[] = [
  { to: '/admin-upload', label: 'admin.upload' },
  { to: '/admin-revision-settings', label: 'admin.revision' },
  { to: '/admin-feedback', label: 'admin.feedback' },
  { to: '/admin-flags', label: 'admin.flags' },
  // Diagnostics: checks the owner runs, reachable from nowhere else (issue 30 §2).
  { to: '/test-payment', label: 'admin.paymentTest' },
  { to: '/admin-versions', label: 'admin.versions' },
  { to: '/admin-metrics', label: 'admin.metrics' },
];

/** What the navigation bar offers: Home and Dashboard; Feedback when signed in; the Admin menu for the owner. */
export function navModel(signedIn: boolean, role: Role | null): NavModel {
  const links: NavLinkItem[] = [
    { to: '/', label: 'nav.home' },
    { to: '/dashboard', label: 'nav.dashboard' },
  ];
  if (signedIn) links.push({ to: '/feedback', label: 'nav.feedback' });
  return {
    links,
    adminMenu: signedIn && role === 'owner' ? ADMIN_MENU : null,
    account: signedIn ? 'user-menu' : 'sign-in',
  };
}
