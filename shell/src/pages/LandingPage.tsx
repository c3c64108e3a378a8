import { Link } from '@lp/web-platform';
import { PRODUCT_NAME, TAGLINE } from '../brand.ts';
import { SignInButton } from '../chrome/SignInButton.tsx';
import { FeatureGrid, WHY_CHOOSE_US } from '../marketing/features.tsx';
import { ScienceClaims } from '../marketing/ScienceClaims.tsx';
import { SubjectsGrid } from '../marketing/SubjectsGrid.tsx';
import { AVAILABLE_SUBJECTS, CLASS_CHOICES, COMING_SOON_SUBJECTS, classHref } from '../marketing/subjects.ts';
import { useDocumentMeta } from './meta.ts';
import { marketingEn } from '../i18n/marketing-en.ts';
import { useMarketingT as useT } from '../i18n/marketing.ts';
import { useT as useShellT } from '../i18n/index.ts';

export const LANDING_TITLE = marketingEn['landing.title'];
/** What the product is, in the first screen. */
export const LANDING_LEAD = marketingEn['landing.lead'];
/** The landing page's document title in English (the prerendered page's, scripts/prerender.tsx); in Hindi, its tagline is Hindi. */
export const LANDING_DOCUMENT_TITLE = `${PRODUCT_NAME} · ${TAGLINE}`;

/**
 * `/` for visitors, and every path outside the signed-out route set (spec §2): the hero first (what it is, the
 * class, a start; issue 31 §11), the science-backed study section, the subjects grid, why choose us, a call to action. The header (with
 * Sign in with Google) and the footer are the chrome's. Every sign-in button goes to /api/login.
 */
export function LandingPage() {
  // The description says what the first screen says (one text, fewer bytes).
  const t = useT();
  // The title's tagline is the footer's, from the shell's catalogue (already loaded here: no new bytes for Hindi).
  const tagline = useShellT()('brand.tagline');
  useDocumentMeta(`${PRODUCT_NAME} · ${tagline}`, t('landing.lead'));
  return (
    <div className="lp-marketing">
      {/* First, on a phone's first screen (issue 31 §11): what this is, for which classes, and where to start. */}
      <section className="lp-hero" aria-labelledby="landing-hero">
        <div className="lp-band__inner lp-hero__inner">
          <p className="lp-eyebrow">{t('landing.eyebrow')}</p>
          <h1 id="landing-hero" className="lp-hero__title">
            {t('landing.title')}
          </h1>
          <p className="lp-hero__lead">{t('landing.lead')}</p>
          <p id="landing-class" className="lp-hero__ask">
            {t('landing.ask')}
          </p>
          <ul className="lp-actions lp-classes" aria-labelledby="landing-class">
            {CLASS_CHOICES.map(({ n, className }) => (
              <li key={className}>
                <Link to={classHref(className)} className="lp-button lp-button--primary lp-button--lg">
                  {t('landing.class', { n })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-band lp-band--science" aria-labelledby="landing-science">
        <div className="lp-band__inner">
          <p className="lp-eyebrow">{t('landing.scienceEyebrow')}</p>
          <h2 id="landing-science" className="lp-band__title">
            {t('landing.scienceTitle')}
          </h2>
          <p className="lp-band__lead">{t('landing.scienceLead')}</p>
          <ScienceClaims />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="landing-subjects">
        <div className="lp-band__inner">
          <h2 id="landing-subjects" className="lp-band__title">
            {t('landing.subjects')}
          </h2>
          <p className="lp-band__lead">{t('landing.subjectsLead')}</p>
          <SubjectsGrid subjects={AVAILABLE_SUBJECTS} label={t('subjects.available')} />
          <h3 className="lp-band__subtitle">{t('landing.soon')}</h3>
          <SubjectsGrid subjects={COMING_SOON_SUBJECTS} comingSoon label={t('subjects.soonLabel')} />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="landing-why">
        <div className="lp-band__inner">
          <h2 id="landing-why" className="lp-band__title">
            {t('landing.why', { name: PRODUCT_NAME })}
          </h2>
          <FeatureGrid features={WHY_CHOOSE_US.map((f) => ({ ...f, title: t(f.title), text: t(f.text) }))} label={t('landing.whyLabel')} showPremium={false} />
        </div>
      </section>

      <section className="lp-band lp-cta" aria-labelledby="landing-cta">
        <div className="lp-band__inner lp-cta__inner">
          <h2 id="landing-cta" className="lp-band__title">
            {t('landing.ctaTitle')}
          </h2>
          <p className="lp-band__lead">{t('landing.ctaLead')}</p>
          <div className="lp-actions lp-actions--center">
            <SignInButton size="lg" />
          </div>
        </div>
      </section>
    </div>
  );
}
