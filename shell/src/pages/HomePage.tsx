import { Badge } from '@lp/ui';
import { Link, useUser } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import { FeatureGrid } from '../marketing/features.tsx';
import { FEATURES } from '../marketing/home-features.ts';
import { ScienceClaims } from '../marketing/ScienceClaims.tsx';
import { SubjectsGrid } from '../marketing/SubjectsGrid.tsx';
import { AVAILABLE_SUBJECTS, COMING_SOON_SUBJECTS } from '../marketing/subjects.ts';
import { useDocumentMeta } from './meta.ts';
import { useT } from '../i18n/index.ts';
import { useMarketingT } from '../i18n/marketing.ts';
import { useHomeT } from '../i18n/home.ts';
import { homeEn } from '../i18n/home-en.ts';

export const HOME_TITLE = homeEn['home.title'];

const EXAMPLE_CHAPTERS = [
  { name: 'home.ch1', stage: 'home.stage1', stars: 1, accuracy: 82 },
  { name: 'home.ch2', stage: 'home.stage2', stars: 3, accuracy: 95 },
  { name: 'home.ch3', stage: 'home.stage3', stars: 0, accuracy: 64 },
] as const;

/** An illustration of the dashboard, marked as an example: none of it is the user's data. */
function ExampleDashboardCard() {
  const t = useHomeT();
  return (
    <section className="lp-card lp-mock" aria-labelledby="home-mock-dashboard">
      <header className="lp-mock__header">
        <h2 id="home-mock-dashboard" className="lp-mock__title">
          {t('home.mockTitle')}
        </h2>
        <Badge variant="muted">{t('home.example')}</Badge>
      </header>
      <p className="lp-mock__caption">{t('home.mockCaption')}</p>
      <ul className="lp-mock__chapters">
        {EXAMPLE_CHAPTERS.map((chapter) => (
          <li key={chapter.name} className="lp-mock__chapter">
            <div className="lp-mock__row">
              <span className="lp-mock__name">{t(chapter.name)}</span>
              <span className="lp-mock__stars" role="img" aria-label={t('home.stars', { n: chapter.stars })}>
                {'★'.repeat(chapter.stars)}
                <span className="lp-mock__stars--empty">{'★'.repeat(3 - chapter.stars)}</span>
              </span>
            </div>
            <div className="lp-mock__bar" aria-hidden="true">
              {/* Inline: the width is the sample chapter's accuracy. */}
              <span style={{ width: `${chapter.accuracy}%` }} />
            </div>
            <div className="lp-mock__row lp-mock__meta">
              <span>{t('home.accuracy', { n: chapter.accuracy })}</span>
              <span>{t(chapter.stage)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExampleStreakCard() {
  const t = useHomeT();
  return (
    <section className="lp-card lp-mock lp-streak" aria-labelledby="home-mock-streak">
      <header className="lp-mock__header">
        <h2 id="home-mock-streak" className="lp-mock__title">
          {t('home.streakTitle')}
        </h2>
        <Badge variant="muted">{t('home.example')}</Badge>
      </header>
      <p className="lp-mock__caption">{t('home.streakCaption')}</p>
      <ol className="lp-streak__days" aria-label={t('home.streakWeek')}>
        {t('home.week').split(' ').map((day) => (
          <li key={day} className="lp-streak__day">
            <span className="lp-streak__dot" aria-hidden="true">
              ✓
            </span>
            <span className="lp-streak__label">{day}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/` for a signed-in user (spec §2 "Marketing home"). */
export function HomePage() {
  const { user } = useUser();
  const t = useT();
  const tm = useMarketingT();
  const th = useHomeT();
  // The Premium link sits inside the sentence, wherever the language puts it.
  const premiumLead = th('home.featuresLead').split('{premium}');
  const features = FEATURES.map((f) => ({ ...f, title: th(f.title), text: th(f.text) }));
  useDocumentMeta(`${t('nav.home')} · ${PRODUCT_NAME}`, th('home.meta'));
  return (
    <div className="lp-marketing">
      <section className="lp-hero lp-hero--home" aria-labelledby="home-hero">
        <div className="lp-band__inner lp-home-hero">
          <div className="lp-home-hero__text">
            {user && <p className="lp-eyebrow">{th('home.welcome', { name: user.firstName || user.email })}</p>}
            <h1 id="home-hero" className="lp-hero__title">
              {th('home.title')}
            </h1>
            <p className="lp-hero__lead">{th('home.lead', { name: PRODUCT_NAME })}</p>
            <div className="lp-actions">
              <Link to="/dashboard" className="lp-button lp-button--primary lp-button--lg">
                {th('home.start')}
              </Link>
              <Link to="/dashboard" className="lp-button lp-button--outline lp-button--lg">
                {th('home.firstQuiz')}
              </Link>
            </div>
          </div>
          <div className="lp-home-hero__cards">
            <ExampleDashboardCard />
            <ExampleStreakCard />
          </div>
        </div>
      </section>

      <section className="lp-band lp-band--science" aria-labelledby="home-science">
        <div className="lp-band__inner">
          <p className="lp-eyebrow">{th('home.scienceEyebrow')}</p>
          <h2 id="home-science" className="lp-band__title">
            {th('home.scienceTitle')}
          </h2>
          <ol className="lp-steps">
            <li>
              <strong>{th('home.step1')}</strong> {th('home.step1Text')}
            </li>
            <li>
              <strong>{th('home.step2')}</strong> {th('home.step2Text')}
            </li>
            <li>
              <strong>{th('home.step3')}</strong> {th('home.step3Text')}
            </li>
          </ol>
          <ScienceClaims />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="home-subjects">
        <div className="lp-band__inner">
          <h2 id="home-subjects" className="lp-band__title">
            {tm('subjects.available')}
          </h2>
          <SubjectsGrid subjects={AVAILABLE_SUBJECTS} label={tm('subjects.available')} />
        </div>
      </section>

      <section className="lp-band lp-band--muted" aria-labelledby="home-soon">
        <div className="lp-band__inner">
          <h2 id="home-soon" className="lp-band__title">
            {tm('subjects.soon')}
          </h2>
          <SubjectsGrid subjects={COMING_SOON_SUBJECTS} comingSoon label={tm('subjects.soonLabel')} />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="home-features">
        <div className="lp-band__inner">
          <h2 id="home-features" className="lp-band__title">
            {th('home.featuresTitle')}
          </h2>
          <p className="lp-band__lead">
            {premiumLead[0]}<Link to="/subscribe">{tm('premium')}</Link>{premiumLead[1]}
          </p>
          <FeatureGrid features={features} label={th('home.features')} />
        </div>
      </section>
    </div>
  );
}
