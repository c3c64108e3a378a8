import { Link } from '@lp/web-platform';
import { PRODUCT_NAME } from './Nav.tsx';
import { POLICY_PAGES } from '../pages/PolicyPage.tsx';

export function Footer() {
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div>
          <strong>{PRODUCT_NAME}</strong> · Spaced Repetition Learning Platform
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
        <div>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </div>
    </footer>
  );
}
