import { Link } from '@lp/web-platform';
import { PRODUCT_NAME, TAGLINE } from '../brand.ts';
import { SignInButton } from '../chrome/SignInButton.tsx';
import { FeatureGrid, WHY_CHOOSE_US } from '../marketing/features.tsx';
import { ScienceClaims } from '../marketing/ScienceClaims.tsx';
import { SubjectsGrid } from '../marketing/SubjectsGrid.tsx';
import { AVAILABLE_SUBJECTS, CLASS_CHOICES, COMING_SOON_SUBJECTS, classHref } from '../marketing/subjects.ts';
import { useDocumentMeta } from './meta.ts';

export const LANDING_TITLE = 'Master Knowledge Through Smart Repetition';
/** What the product is, in the first screen. */
export const LANDING_LEAD = 'Chapter-wise quizzes and spaced revision for CBSE Class 10 and 12 (Class 11 coming soon): practise, revise each chapter when it is due, review your mistakes.';
/** The landing page's document title (also the prerendered page's, scripts/prerender.tsx). */
export const LANDING_DOCUMENT_TITLE = `${PRODUCT_NAME} · ${TAGLINE}`;

/**
 * `/` for visitors, and every path outside the signed-out route set (spec §2): the hero first (what it is, the
 * class, a start; issue 31 §11), the science-backed study section, the subjects grid, why choose us, a call to action. The header (with
 * Sign in with Google) and the footer are the chrome's. Every sign-in button goes to /api/login.
 */
export function LandingPage() {
  // The description says what the first screen says (one text, fewer bytes).
  useDocumentMeta(LANDING_DOCUMENT_TITLE, LANDING_LEAD);
  return (
    <div className="lp-marketing">
      {/* First, on a phone's first screen (issue 31 §11): what this is, for which classes, and where to start. */}
      <section className="lp-hero" aria-labelledby="landing-hero">
        <div className="lp-band__inner lp-hero__inner">
          <p className="lp-eyebrow">CBSE Class 10, 11 and 12 · 2025-26 syllabus</p>
          <h1 id="landing-hero" className="lp-hero__title">
            {LANDING_TITLE}
          </h1>
          <p className="lp-hero__lead">{LANDING_LEAD}</p>
          <p id="landing-class" className="lp-hero__ask">
            Try a free sample quiz. Which class are you in?
          </p>
          <ul className="lp-actions lp-classes" aria-labelledby="landing-class">
            {CLASS_CHOICES.map(({ label, className }) => (
              <li key={className}>
                <Link to={classHref(className)} className="lp-button lp-button--primary lp-button--lg">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-band lp-band--science" aria-labelledby="landing-science">
        <div className="lp-band__inner">
          <p className="lp-eyebrow">Science-backed study</p>
          <h2 id="landing-science" className="lp-band__title">
            Revise just before you forget
          </h2>
          <p className="lp-band__lead">
            Each chapter comes back for revision at set intervals, and your daily review brings back each question just before you would forget it, so what you learn moves into long-term memory.
          </p>
          <ScienceClaims />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="landing-subjects">
        <div className="lp-band__inner">
          <h2 id="landing-subjects" className="lp-band__title">
            Subjects
          </h2>
          <p className="lp-band__lead">CBSE 2025-26 syllabus. Open a subject to try its sample quizzes, no account needed.</p>
          <SubjectsGrid subjects={AVAILABLE_SUBJECTS} label="Available subjects" />
          <h3 className="lp-band__subtitle">Coming soon</h3>
          <SubjectsGrid subjects={COMING_SOON_SUBJECTS} comingSoon label="Subjects coming soon" />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="landing-why">
        <div className="lp-band__inner">
          <h2 id="landing-why" className="lp-band__title">
            Why choose {PRODUCT_NAME}
          </h2>
          <FeatureGrid features={WHY_CHOOSE_US} label="Why choose us" showPremium={false} />
        </div>
      </section>

      <section className="lp-band lp-cta" aria-labelledby="landing-cta">
        <div className="lp-band__inner lp-cta__inner">
          <h2 id="landing-cta" className="lp-band__title">
            Start learning today
          </h2>
          <p className="lp-band__lead">Free to start: unlimited sample quizzes and one free trial quiz. Sign in with your Google account.</p>
          <div className="lp-actions lp-actions--center">
            <SignInButton size="lg" />
          </div>
        </div>
      </section>
    </div>
  );
}
