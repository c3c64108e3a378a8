import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ClassName, ProgressBatch, QuizSession, SubjectWithChapters, User } from '@lp/contracts';
import { Badge, Button, EmptyState, ErrorState, LoadingStatus, PageFrame, Skeleton } from '@lp/ui';
import { Link, navigate, useSearchParams } from '@lp/web-platform';
import {
  useCurrentUser,
  usePausedSession,
  useProgressBatch,
  useSaveClass,
  useSaveSubject,
  useSubjects,
} from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { ChallengesPanel } from './ChallengesPanel.tsx';
import { FlagNotices } from './FlagNotices.tsx';
import { ContinueQuizCard } from './ContinueQuizCard.tsx';
import { ClassSubjectPicker } from './ClassSubjectPicker.tsx';
import {
  CLASS_STORAGE_KEY,
  SUBJECT_STORAGE_KEY,
  choiceStore,
  dashboardUrl,
  isClassName,
  resolveClass,
  resolveSubject,
} from './class-selection.ts';
import { StudyPanel } from './StudyPanel.tsx';
import { AfterFirstPaint } from './after-first-paint.tsx';
import { LazyProgressCharts } from './progress/LazyProgressCharts.tsx';
import { useRememberClass } from './remember-class.ts';
import { BIOLOGY_DOWNLOADS } from '../downloads/download-files.ts';
import { SubjectSection } from './SubjectSection.tsx';
import { RevisionPanel } from '../revision/RevisionPanel.tsx';
import { ExamRecallPanel } from '../revision/ExamRecallPanel.tsx';
import { en, t, useT } from '../../i18n/dashboard/index.ts';
import './dashboard.css';
import { CatalogueName } from '../../i18n/names.ts';

/** Spec §8, exactly. */
export const noSubjectsMessage = (className: string) => t('dashboard.noSubjects', { className });

/** What a visitor is told: samples need no account; signing in keeps progress. */
export const VISITOR_SUBTITLE = en['dashboard.visitorSubtitle'];

/** "Welcome" on the sign-in that created the account (the server says so), "Welcome back" afterwards. */
export const dashboardGreeting = (user: Pick<User, 'firstName' | 'firstSignIn'>) =>
  t(user.firstSignIn ? 'dashboard.greetingFirst' : 'dashboard.greetingBack', { name: user.firstName });

const MAX_PROGRESS_CHAPTERS = 100;
const NO_SUBJECTS: readonly SubjectWithChapters[] = [];

function CardsSkeleton() {
  const t = useT();
  return (
    <LoadingStatus label={t('dashboard.loadingSubjects')} className="lp-chapter-grid">
      {[0, 1, 2].map((i) => (
        <div key={i} className="lp-chapter">
          <Skeleton height="1.5rem" width="70%" />
          <Skeleton height="1rem" width="40%" />
          <Skeleton height="4rem" />
          <Skeleton height="2rem" width="60%" />
        </div>
      ))}
    </LoadingStatus>
  );
}

function ComingSoon({ subjects }: { subjects: readonly SubjectWithChapters[] }) {
  const t = useT();
  return (
    <section className="lp-subject" aria-labelledby="coming-soon-title">
      <h2 id="coming-soon-title" className="lp-subject__title">
        {t('dashboard.comingSoon')}
      </h2>
      <ul className="lp-coming-soon">
        {subjects.map((s) => (
          <li key={s.id} className="lp-coming-soon__item">
            <span className="lp-coming-soon__name">
              <CatalogueName item={s} />
            </span>
            <span className="lp-muted">{s.className}</span>
            <Badge variant="muted">{t('dashboard.comingSoon')}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How many of `total` sections to draw: one more after each is committed, in a transition. Drawn at once, Class 12's
 * three subjects (37 chapter cards, ~730 components) were one commit, its DOM, layout and effects in one main-thread
 * task after the cards' sliced render (issue 32 §3, TBT); a subject at a time, each commit is a third of it, with
 * other work (answers, input) let in between.
 */
function useDrawnOneByOne(total: number): number {
  const [drawn, setDrawn] = useState(1);
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn(drawn + 1));
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/** The subjects' sections and their chapter cards; rendered again only when what they show changes. */
const SubjectSections = memo(function SubjectSections({ subjects, signedIn, progress, pausedSession }: {
  subjects: readonly SubjectWithChapters[];
  signedIn: boolean;
  progress: ProgressBatch | undefined;
  pausedSession: QuizSession | null;
}) {
  const studyable = subjects.filter((s) => !s.comingSoon);
  const drawn = useDrawnOneByOne(studyable.length);
  return studyable
    .slice(0, drawn)
    .map((subject) => <SubjectSection key={subject.id} subject={subject} signedIn={signedIn} progress={progress} pausedSession={pausedSession} />);
});

/** /dashboard: class and subject selectors, the learner's stats, and a card per chapter. */
export function DashboardPage() {
  const t = useT();
  const { status, user, signedIn } = useCurrentUser();
  const params = useSearchParams();
  const urlClass = params.get('class');
  const storedClass = choiceStore.get(CLASS_STORAGE_KEY);
  // Until the session is known, the profile's class is unknown too: wait rather than flash the default.
  const classKnown = isClassName(urlClass) || isClassName(storedClass) || status !== 'loading';
  const className = classKnown ? resolveClass({ urlClass, storedClass, profileClass: user?.selectedClass }) : null;

  // undefined: nothing chosen on this visit, so the URL, the stored value and the profile decide.
  const [subjectChoice, setSubjectChoice] = useState<string | null | undefined>(undefined);
  const subjects = useSubjects(className);
  const subjectId =
    subjectChoice !== undefined
      ? subjectChoice
      : subjects.data
        ? resolveSubject(subjects.data, {
            urlSubjectId: params.get('subject'),
            urlSubjectName: params.get('subjectName'),
            storedSubjectId: choiceStore.get(SUBJECT_STORAGE_KEY),
            profileSubjectId: user?.selectedSubject,
          })
        : null;

  const saveClass = useSaveClass();
  const saveSubject = useSaveSubject();

  // Stable callbacks, so the memoised picker is not rendered again for every answer the page receives.
  const saveClassNow = saveClass.mutate;
  const saveSubjectNow = saveSubject.mutate;
  useRememberClass(
    { known: status !== 'loading', urlClass, remember: params.get('remember'), storedClass, signedIn, profileClass: user?.selectedClass },
    saveClassNow,
  );
  const changeClass = useCallback((next: ClassName) => {
    if (next === className) return;
    choiceStore.set(CLASS_STORAGE_KEY, next);
    choiceStore.set(SUBJECT_STORAGE_KEY, null);
    setSubjectChoice(null);
    navigate(dashboardUrl(next, null), { replace: true });
    if (signedIn) saveClassNow(next);
  }, [className, signedIn, saveClassNow]);

  const changeSubject = useCallback((next: string | null) => {
    if (!className) return;
    choiceStore.set(SUBJECT_STORAGE_KEY, next);
    setSubjectChoice(next);
    navigate(dashboardUrl(className, next), { replace: true });
    if (signedIn && next) saveSubjectNow(next);
  }, [className, signedIn, saveSubjectNow]);

  const all = subjects.data ?? NO_SUBJECTS;
  const available = useMemo(() => all.filter((s) => !s.comingSoon), [all]);
  const comingSoon = all.filter((s) => s.comingSoon);
  const selected = subjectId ? all.find((s) => s.id === subjectId) : undefined;
  const shown = useMemo(() => (selected ? [selected] : available), [selected, available]);
  // The progress charts' subjects: a subject still to come has nothing to chart.
  const chartSubjects = useMemo(() => shown.filter((s) => !s.comingSoon), [shown]);
  const chapterIds = shown
    .flatMap((s) => s.chapters)
    .filter((c) => c.questionCount > 0)
    .map((c) => c.id)
    .slice(0, MAX_PROGRESS_CHAPTERS);

  const progress = useProgressBatch(chapterIds);
  const paused = usePausedSession();
  const pausedSession = paused.data ?? null;

  // The chapter cards are most of the page's rendering. Each answer that arrives (subjects, then progress, the
  // paused quiz, mistakes) re-renders the page at once; the cards follow as a deferred render, which React does
  // in small slices between other work, so a phone's main thread is never blocked long by them (issue 16: TBT).
  const sections = useDeferredValue(shown);
  const sectionProgress = useDeferredValue(progress.data);
  const sectionPaused = useDeferredValue(pausedSession);

  // A visitor's one sign-in call is the header's "Sign in with Google" (issue 31 §12): no second button or badge here.
  const actions = signedIn && user?.role === 'owner' ? (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin-login">{t('dashboard.admin')}</Link>
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title={heading(t('dashboard.title'))}
      subtitle={signedIn && user ? dashboardGreeting(user) : t('dashboard.visitorSubtitle')}
      actions={actions}
    >
      {/* The paused quiz, or one left without pausing: continue or discard it (issue 31 §6). */}
      {signedIn && <ContinueQuizCard />}
      <ClassSubjectPicker
        className={className}
        subjects={subjects.data}
        subjectId={subjectId}
        onClassChange={changeClass}
        onSubjectChange={changeSubject}
      />

      {/* The pages reachable from nowhere else (issue 30 §2): visitors' sample topics, Biology's chapter files. */}
      <nav aria-label={t('dashboard.moreToStudy')} className="lp-link-row">
        {!signedIn && status !== 'loading' && <Link to="/test-quiz">{t('dashboard.sampleTopics')}</Link>}
        <Link to={BIOLOGY_DOWNLOADS.path}>{t('dashboard.biologyFiles')}</Link>
        {signedIn && <Link to={`/exam-dates?class=${encodeURIComponent(className ?? '')}`}>{t('dashboard.examDates')}</Link>}
      </nav>

      {signedIn && <StudyPanel />}
      {signedIn && <LazyProgressCharts subjects={chartSubjects} className={className} />}
      {signedIn && <RevisionPanel subjects={shown} progress={progress.data} />}
      {/* Below the fold, and nothing until answered: their queries start after the first commit's (TBT). */}
      {signedIn && (
        <AfterFirstPaint>
          <ExamRecallPanel subjects={shown} />
          <ChallengesPanel />
          <FlagNotices />
        </AfterFirstPaint>
      )}

      {!className || subjects.isPending ? (
        <CardsSkeleton />
      ) : subjects.isError ? (
        <ErrorState
          title={t('dashboard.subjectsFailedTitle')}
          message={t('dashboard.subjectsFailedMessage', { className, error: subjects.error.message })}
          onRetry={() => void subjects.refetch()}
        />
      ) : (
        <>
          {available.length === 0 && (
            <EmptyState title={t('dashboard.nothingHere')} description={noSubjectsMessage(className)} />
          )}
          {sections !== shown ? (
            <CardsSkeleton />
          ) : (
            <SubjectSections subjects={sections} signedIn={signedIn} progress={sectionProgress} pausedSession={sectionPaused} />
          )}
          {selected?.comingSoon ? <ComingSoon subjects={[selected]} /> : !selected && comingSoon.length > 0 && <ComingSoon subjects={comingSoon} />}
        </>
      )}
    </PageFrame>
  );
}
