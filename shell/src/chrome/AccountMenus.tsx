// The admin and account menus (Radix dropdown + positioning engine, ~14 KiB compressed): only a signed-in
// user sees them, so they are loaded with the first signed-in render, never on a visitor's page.
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@lp/ui/dropdown-menu';
import { displayName, forgetAdminAccess, Link, LOGOUT_URL, type CurrentUser } from '@lp/web-platform';
import { Avatar, isCurrent } from './Avatar.tsx';
import { FEEDBACK_PATH, useReplyNotices } from './reply-notices.ts';
import type { NavLinkItem } from './navItems.ts';


export function AdminMenu({ items, pathname }: { items: NavLinkItem[]; pathname: string }) {
  const current = items.some((item) => isCurrent(pathname, item.to));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="lp-nav__link lp-nav__menu-trigger" data-current={current || undefined}>
        Admin
        <span className="lp-nav__caret" aria-hidden="true">
          ▾
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  const replies = useReplyNotices();
  const repliesText = `${replies} new feedback ${replies > 1 ? 'replies' : 'reply'}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="lp-user-menu__trigger">
        <Avatar user={user} />
        <span className="lp-visually-hidden">Account menu for</span>{' '}
        <span className="lp-user-menu__name">{name}</span>
        {replies > 0 && (
          <span className="lp-badge lp-badge--danger">
            <span aria-hidden="true">{replies}</span><span className="lp-visually-hidden">, {repliesText}</span>
          </span>
        )}
        <span className="lp-nav__caret" aria-hidden="true">
          ▾
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="lp-user-menu__label-name">{name}</span>
          <span className="lp-user-menu__label-email">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/my-plan">My plan and payments</Link>
        </DropdownMenuItem>
        {replies > 0 && (
          <DropdownMenuItem asChild>
            <Link to={FEEDBACK_PATH}>{repliesText}</Link>
          </DropdownMenuItem>
        )}
        {/* A real navigation: the server ends the session and returns to `/`; the browser forgets the admin flag. */}
        <DropdownMenuItem asChild>
          <a href={LOGOUT_URL} onClick={forgetAdminAccess}>
            Sign Out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

