// The admin and account menus. Only a signed-in user sees them, so this module is loaded with the first signed-in
// render, never on a visitor's page; the menus' own code (Radix) waits until one is opened (DeferredMenu).
import { displayName, forgetAdminAccess, Link, LOGOUT_URL, type CurrentUser } from '@lp/web-platform';
import { LANGUAGES, LANGUAGE_NAMES, useI18n } from '@lp/web-platform/i18n';
import { useT } from '../i18n/index.ts';
import { useAccountT } from '../i18n/account.ts';
import { chooseLanguage } from './save-language.ts';
import { Avatar, isCurrent } from './Avatar.tsx';
import { DeferredMenu } from './DeferredMenu.tsx';
import { FEEDBACK_PATH, useReplyNotices } from './reply-notices.ts';
import { saveUntimedMode } from './untimed-mode.ts';
import type { AdminMenuItem } from './navItems.ts';

// The Admin menu's screens: here, with the menus' code, not in every visitor's first download.
const ADMIN_MENU: AdminMenuItem[] = [
  { to: '/admin-upload', label: 'admin.upload' },
  { to: '/admin-revision-settings', label: 'admin.revision' },
  { to: '/admin-feedback', label: 'admin.feedback' },
  { to: '/admin-flags', label: 'admin.flags' },
  // Diagnostics: checks the owner runs, reachable from nowhere else (issue 30 §2).
  { to: '/test-payment', label: 'admin.paymentTest' },
  { to: '/admin-versions', label: 'admin.versions' },
  { to: '/admin-metrics', label: 'admin.metrics' },
];


export function AdminMenu({ pathname }: { pathname: string }) {
  const items = ADMIN_MENU;
  const t = useT();
  const ta = useAccountT();
  return (
    <DeferredMenu
      triggerClassName="lp-nav__link lp-nav__menu-trigger"
      current={items.some((item) => isCurrent(pathname, item.to))}
      align="start"
      trigger={<>{t('nav.admin')}<span className="lp-nav__caret" aria-hidden="true">▾</span></>}
      entries={items.map((item) => ({ kind: 'item', key: item.to, content: <Link to={item.to}>{ta(item.label)}</Link> }))}
    />
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  const replies = useReplyNotices();
  const t = useAccountT();
  const language = useI18n((s) => s.language);
  const repliesText = t('menu.replies', { count: replies });
  const trigger = (
    <>
      <Avatar user={user} />
      <span className="lp-visually-hidden">{t('menu.accountFor')}</span>{' '}
      <span className="lp-user-menu__name">{name}</span>
      {replies > 0 && (
        <span className="lp-badge lp-badge--danger">
          <span aria-hidden="true">{replies}</span><span className="lp-visually-hidden">, {repliesText}</span>
        </span>
      )}
      <span className="lp-nav__caret" aria-hidden="true">▾</span>
    </>
  );
  return (
    <DeferredMenu
      triggerClassName="lp-user-menu__trigger"
      align="end"
      trigger={trigger}
      entries={[
        {
          kind: 'label',
          key: 'who',
          content: <><span className="lp-user-menu__label-name">{name}</span><span className="lp-user-menu__label-email">{user.email}</span></>,
        },
        { kind: 'separator', key: 'sep' },
        { kind: 'item', key: 'plan', content: <Link to="/my-plan">{t('menu.plan')}</Link> },
        { kind: 'checkbox', key: 'untimed', label: t('menu.untimed'), checked: user.untimed === true, onCheckedChange: (on) => void saveUntimedMode(on) },
        ...(replies > 0 ? [{ kind: 'item' as const, key: 'replies', content: <Link to={FEEDBACK_PATH}>{repliesText}</Link> }] : []),
        // A real navigation: the server ends the session and returns to `/`; the browser forgets the admin flag.
        { kind: 'separator', key: 'sep-language' },
        // The language: English / हिन्दी, each named in itself; kept on the profile so every device shows it.
        ...LANGUAGES.map((choice) => ({
          kind: 'item' as const,
          key: `language-${choice}`,
          content: (
            <button type="button" lang={choice} role="menuitemradio" aria-checked={choice === language} onClick={() => void chooseLanguage(choice)}>
              <span className="lp-user-menu__check" aria-hidden="true">{choice === language ? '✓' : ''}</span>{LANGUAGE_NAMES[choice]}
            </button>
          ),
        })),
        { kind: 'separator', key: 'sep-out' },
        { kind: 'item', key: 'out', content: <a href={LOGOUT_URL} onClick={forgetAdminAccess}>{t('menu.signOut')}</a> },
      ]}
    />
  );
}
