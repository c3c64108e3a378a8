import { Link } from '@lp/web-platform';
import { PRODUCT_NAME, TAGLINE } from '../brand.ts';
import { POLICY_PAGES } from '../pages/policies.ts';

/** The footer (spec §2): product name, tagline, the four policy links, © with the current year. */
export function Footer() {
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div className="lp-footer__brand">
          <strong className="lp-footer__name">{PRODUCT_NAME}</strong>
          <span>{TAGLINE}</span>
        </div>
        <nav aria-label="Policies">
          <ul className="lp-footer__links">
            {POLICY_PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="lp-footer__copy">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
