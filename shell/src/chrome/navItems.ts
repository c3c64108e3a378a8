import type { Role } from '@lp/contracts';
import type { en } from '../i18n/en.ts';
import type { accountEn } from '../i18n/account-en.ts';

export interface NavLinkItem<Key extends string = keyof typeof en> {
  to: string;
  /** The catalogue's key for the link's text: the shell's for the bar, the menus' for the Admin menu's items. */
  label: Key;
}

export interface NavModel {
  links: NavLinkItem[];
  /** The Admin menu: only for the owner role (spec §2, §6). */
  adminMenu: boolean;
  /** Signed in: the user menu with Sign Out; signed out: the Sign in with Google button. */
  account: 'user-menu' | 'sign-in';
}

export type AdminMenuItem = NavLinkItem<keyof typeof accountEn>;

/** What the navigation bar offers: Home and Dashboard; Feedback when signed in; the Admin menu for the owner. */
export function navModel(signedIn: boolean, role: Role | null): NavModel {
  const links: NavLinkItem[] = [
    { to: '/', label: 'nav.home' },
    { to: '/dashboard', label: 'nav.dashboard' },
  ];
  if (signedIn) links.push({ to: '/feedback', label: 'nav.feedback' });
  return {
    links,
    adminMenu: signedIn && role === 'owner',
    account: signedIn ? 'user-menu' : 'sign-in',
  };
}
