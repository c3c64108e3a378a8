import { lazy } from 'react';
import { displayName, Link, usePathname, useUser, type CurrentUser } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import { Avatar, isCurrent } from './Avatar.tsx';
import { navModel } from './navItems.ts';
import { SignInButton } from './SignInButton.tsx';
import { AfterChromePaint } from '../platform/chrome-painted.tsx';
import { useT } from '../i18n/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export { PRODUCT_NAME };

const AdminMenu = lazy(() => import('./AccountMenus.tsx').then((m) => ({ default: m.AdminMenu })));
const UserMenu = lazy(() => import('./AccountMenus.tsx').then((m) => ({ default: m.UserMenu })));

/** While the menus load: the same trigger, not yet interactive, so nothing moves when they arrive. */
function UserMenuPlaceholder({ user }: { user: CurrentUser }) {
  return (
    <span className="lp-user-menu__trigger" aria-hidden="true">
      <Avatar user={user} />
      <span className="lp-user-menu__name">{displayName(user)}</span>
      <span className="lp-nav__caret">▾</span>
    </span>
  );
}

function AdminMenuPlaceholder() {
  const t = useT();
  return (
    <span className="lp-nav__link lp-nav__menu-trigger" aria-hidden="true">
      {t('nav.admin')} <span className="lp-nav__caret">▾</span>
    </span>
  );
}

/** The top navigation (spec §2): Home, Dashboard, Feedback (signed in), Admin (owner), and the account. */
export function Nav() {
  const pathname = usePathname();
  const { signedIn, user, role } = useUser();
  const model = navModel(signedIn, role);
  const t = useT();
  return (
    <nav className="lp-nav__inner" aria-label={t('nav.main')}>
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
              {t(link.label)}
            </Link>
          </li>
        ))}
        {model.adminMenu && (
          <li>
            <AfterChromePaint fallback={<AdminMenuPlaceholder />}>
              <AdminMenu pathname={pathname} />
            </AfterChromePaint>
          </li>
        )}
      </ul>
      {/* A visitor's language button: beside the account on a wide screen, at the end of the links' row on a phone. */}
      {model.account === 'sign-in' && <LanguageSwitch />}
      <div className="lp-nav__account">
        {model.account === 'user-menu' && user ? (
          // The menus' code (Radix's dropdown) is fetched after the chrome's first paint; the placeholders look the same.
          <AfterChromePaint fallback={<UserMenuPlaceholder user={user} />}>
            <UserMenu user={user} />
          </AfterChromePaint>
        ) : (
          <SignInButton size="sm" compact />
        )}
      </div>
    </nav>
  );
}
