import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@lp/ui/dropdown-menu';
import { displayName, Link, LOGOUT_URL, usePathname, useUser, type CurrentUser } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import { navModel, type NavLinkItem } from './navItems.ts';
import { SignInButton } from './SignInButton.tsx';

export { PRODUCT_NAME };

const isCurrent = (pathname: string, to: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));

function AdminMenu({ items, pathname }: { items: NavLinkItem[]; pathname: string }) {
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

function initials(user: CurrentUser): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) return <img className="lp-avatar" src={user.profileImageUrl} alt="" width={32} height={32} referrerPolicy="no-referrer" />;
  return (
    <span className="lp-avatar lp-avatar--initials" aria-hidden="true">
      {initials(user)}
    </span>
  );
}

function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="lp-user-menu__trigger">
        <Avatar user={user} />
        <span className="lp-visually-hidden">Account menu for</span>{' '}
        <span className="lp-user-menu__name">{name}</span>
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
        {/* A real navigation: the server ends the session and returns to `/`. */}
        <DropdownMenuItem asChild>
          <a href={LOGOUT_URL}>Sign Out</a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The top navigation (spec §2): Home, Dashboard, Feedback (signed in), Admin (owner), and the account. */
export function Nav() {
  const pathname = usePathname();
  const { signedIn, user, role } = useUser();
  const model = navModel(signedIn, role);
  return (
    <nav className="lp-nav__inner" aria-label="Main">
      <Link to="/" className="lp-nav__brand">
        <span className="lp-nav__logo" aria-hidden="true">
          ↻
        </span>
        {PRODUCT_NAME}
      </Link>
      <ul className="lp-nav__links">
        {model.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="lp-nav__link" aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
        {model.adminMenu && (
          <li>
            <AdminMenu items={model.adminMenu} pathname={pathname} />
          </li>
        )}
      </ul>
      <div className="lp-nav__account">
        {model.account === 'user-menu' && user ? <UserMenu user={user} /> : <SignInButton size="sm" compact />}
      </div>
    </nav>
  );
}
