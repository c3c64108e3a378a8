import { Badge } from '@lp/ui';
import { Link, useUser } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import { FeatureGrid } from '../marketing/features.tsx';
import { FEATURES } from '../marketing/home-features.ts';
import { ScienceClaims } from '../marketing/ScienceClaims.tsx';
import { SubjectsGrid } from '../marketing/SubjectsGrid.tsx';
import { AVAILABLE_SUBJECTS, COMING_SOON_SUBJECTS } from '../marketing/subjects.ts';
import { useDocumentMeta } from './meta.ts';

export const HOME_TITLE = 'Learn it once. Remember it for the exam.';

const EXAMPLE_CHAPTERS = [
  { name: 'Sexual Reproduction in Flowering Plants', stage: 'Revision 2 due', stars: 1, accuracy: 82 },
  { name: 'Human Reproduction', stage: 'Mastered', stars: 3, accuracy: 95 },
  { name: 'Principles of Inheritance and Variation', stage: 'Next revision in 12 days', stars: 0, accuracy: 64 },
];

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An illustration of the dashboard, marked as an example: none of it is the user's data. */
function ExampleDashboardCard() {
  return (
    <section className="lp-card lp-mock" aria-labelledby="home-mock-dashboard">
      <header className="lp-mock__header">
        <h2 id="home-mock-dashboard" className="lp-mock__title">
          Your study dashboard
        </h2>
        <Badge variant="muted">Example</Badge>
      </header>
      <p className="lp-mock__caption">Class XII Biology, as it could look after a few weeks. Sample data, not yours.</p>
      <ul className="lp-mock__chapters">
        {EXAMPLE_CHAPTERS.map((chapter) => (
          <li key={chapter.name} className="lp-mock__chapter">
            <div className="lp-mock__row">
              <span className="lp-mock__name">{chapter.name}</span>
              <span className="lp-mock__stars" role="img" aria-label={`${chapter.stars} of 3 revisions done`}>
                {'★'.repeat(chapter.stars)}
                <span className="lp-mock__stars--empty">{'★'.repeat(3 - chapter.stars)}</span>
              </span>
            </div>
            <div className="lp-mock__bar" aria-hidden="true">
              {/* Inline: the width is the sample chapter's accuracy. */}
              <span style={{ width: `${chapter.accuracy}%` }} />
            </div>
            <div className="lp-mock__row lp-mock__meta">
              <span>{chapter.accuracy}% accuracy</span>
              <span>{chapter.stage}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExampleStreakCard() {
  return (
    <section className="lp-card lp-mock lp-streak" aria-labelledby="home-mock-streak">
      <header className="lp-mock__header">
        <h2 id="home-mock-streak" className="lp-mock__title">
          7-day streak
        </h2>
        <Badge variant="muted">Example</Badge>
      </header>
      <p className="lp-mock__caption">Study a little every day and your streak grows on the dashboard.</p>
      <ol className="lp-streak__days" aria-label="Example week: studied every day">
        {WEEK.map((day) => (
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
  useDocumentMeta(`Home · ${PRODUCT_NAME}`, 'Spaced repetition study for CBSE Class 10 and 12: subjects, revision, mistake review and friend challenges.');
  return (
    <div className="lp-marketing">
      <section className="lp-hero lp-hero--home" aria-labelledby="home-hero">
        <div className="lp-band__inner lp-home-hero">
          <div className="lp-home-hero__text">
            {user && <p className="lp-eyebrow">Welcome, {user.firstName || user.email}</p>}
            <h1 id="home-hero" className="lp-hero__title">
              {HOME_TITLE}
            </h1>
            <p className="lp-hero__lead">
              {PRODUCT_NAME} brings every chapter back for revision just when you are about to forget it, so your study time
              turns into marks.
            </p>
            <div className="lp-actions">
              <Link to="/dashboard" className="lp-button lp-button--primary lp-button--lg">
                Start Learning Free
              </Link>
              <Link to="/dashboard" className="lp-button lp-button--outline lp-button--lg">
                Take Your First Free Quiz
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
          <p className="lp-eyebrow">The science</p>
          <h2 id="home-science" className="lp-band__title">
            How spaced repetition works
          </h2>
          <ol className="lp-steps">
            <li>
              <strong>Learn a chapter.</strong> Take its quiz; your score starts the chapter's revision clock.
            </li>
            <li>
              <strong>Revise when it is due.</strong> The chapter comes back three times, each after a longer gap.
            </li>
            <li>
              <strong>Master it.</strong> After the third revision the chapter is marked Mastered.
            </li>
          </ol>
          <ScienceClaims />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="home-subjects">
        <div className="lp-band__inner">
          <h2 id="home-subjects" className="lp-band__title">
            Available subjects
          </h2>
          <SubjectsGrid subjects={AVAILABLE_SUBJECTS} label="Available subjects" />
        </div>
      </section>

      <section className="lp-band lp-band--muted" aria-labelledby="home-soon">
        <div className="lp-band__inner">
          <h2 id="home-soon" className="lp-band__title">
            Coming Soon
          </h2>
          <SubjectsGrid subjects={COMING_SOON_SUBJECTS} comingSoon label="Subjects coming soon" />
        </div>
      </section>

      <section className="lp-band" aria-labelledby="home-features">
        <div className="lp-band__inner">
          <h2 id="home-features" className="lp-band__title">
            Everything you need to revise
          </h2>
          <p className="lp-band__lead">
            Free: sample quizzes and one free trial quiz. <Link to="/subscribe">Premium</Link> (yearly) adds the rest.
          </p>
          <FeatureGrid features={FEATURES} label="Features" />
        </div>
      </section>
    </div>
  );
}
