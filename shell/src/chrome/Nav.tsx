import { Link, usePathname } from '@lp/web-platform';

export const PRODUCT_NAME = 'LearnPlatform';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard' },
];

/** The top navigation. Signed-in items (Feedback, Admin menu, user menu) arrive with the auth check. */
export function Nav() {
  const pathname = usePathname();
  return (
    <header className="lp-nav">
      <nav className="lp-nav__inner" aria-label="Main">
        <Link to="/" className="lp-nav__brand">
          {PRODUCT_NAME}
        </Link>
        <ul className="lp-nav__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="lp-nav__link" aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
