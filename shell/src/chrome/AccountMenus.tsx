// The admin and account menus. Only a signed-in user sees them, so this module is loaded with the first signed-in
// render, never on a visitor's page; the menus' own code (Radix) waits until one is opened (DeferredMenu).
import { displayName, forgetAdminAccess, Link, LOGOUT_URL, type CurrentUser } from '@lp/web-platform';
import { Avatar, isCurrent } from './Avatar.tsx';
import { DeferredMenu } from './DeferredMenu.tsx';
import { FEEDBACK_PATH, useReplyNotices } from './reply-notices.ts';
import type { NavLinkItem } from './navItems.ts';
import { saveUntimedMode, UNTIMED_MODE_LABEL } from './untimed-mode.ts';

export function AdminMenu({ items, pathname }: { items: NavLinkItem[]; pathname: string }) {
  return (
    <DeferredMenu
      triggerClassName="lp-nav__link lp-nav__menu-trigger"
      current={items.some((item) => isCurrent(pathname, item.to))}
      align="start"
      trigger={<>Admin<span className="lp-nav__caret" aria-hidden="true">▾</span></>}
      entries={items.map((item) => ({ kind: 'item', key: item.to, content: <Link to={item.to}>{item.label}</Link> }))}
    />
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  const replies = useReplyNotices();
  const repliesText = `${replies} new feedback ${replies > 1 ? 'replies' : 'reply'}`;
  const trigger = (
    <>
      <Avatar user={user} />
      <span className="lp-visually-hidden">Account menu for</span>{' '}
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
        { kind: 'item', key: 'plan', content: <Link to="/my-plan">My plan and payments</Link> },
        { kind: 'checkbox', key: 'untimed', label: UNTIMED_MODE_LABEL, checked: user.untimed === true, onCheckedChange: (on) => void saveUntimedMode(on) },
        ...(replies > 0 ? [{ kind: 'item' as const, key: 'replies', content: <Link to={FEEDBACK_PATH}>{repliesText}</Link> }] : []),
        // A real navigation: the server ends the session and returns to `/`; the browser forgets the admin flag.
        { kind: 'item', key: 'out', content: <a href={LOGOUT_URL} onClick={forgetAdminAccess}>Sign Out</a> },
      ]}
    />
  );
}
