import { Link } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import { useT } from '../i18n/index.ts';
import { POLICY_LINKS } from '../pages/policy-links.ts';

/** The footer (spec §2): product name, tagline, the four policy links, © with the current year. */
export function Footer() {
  const t = useT();
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div className="lp-footer__brand">
          <strong className="lp-footer__name">{PRODUCT_NAME}</strong>
          <span>{t('brand.tagline')}</span>
        </div>
        <nav aria-label={t('footer.policies')}>
          <ul className="lp-footer__links">
            {POLICY_LINKS.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{t(page.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="lp-footer__copy">
          © {new Date().getFullYear()} {PRODUCT_NAME}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
