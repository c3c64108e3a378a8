import { useDeferredValue, useMemo } from 'react';
import type { ProgressBatch, QuizSession, SubjectWithChapters } from '@lp/contracts';
import { Badge, Button } from '@lp/ui';
import { Link, useSession } from '@lp/web-platform';
import { quizLinks, useMistakesByChapter } from '../../api/index.ts';
import { ActionButton } from './ActionButton.tsx';
import { mistakeReviewDisabled, mistakeReviewHint, mistakeReviewShown } from './card-rules.ts';
import { ChapterCard } from './ChapterCard.tsx';
import { downloadsPathOf } from '../downloads/download-files.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import { useRecall } from '../../api/recall.ts';
import { useStartUsesFreeTrial } from '../trial/useFreeTrial.ts';
import { CatalogueName, useClassNameIn } from '../../i18n/names.ts';
import { useDownloadedChapters } from '../../offline/downloaded-chapters.ts';

export interface SubjectSectionProps {
  subject: SubjectWithChapters;
  signedIn: boolean;
  progress: ProgressBatch | undefined;
  pausedSession: QuizSession | null;
}

const NO_MISTAKES: Readonly<Record<string, number>> = {};

/** A subject: its heading, its whole-subject mistake review, and a card per chapter. */
export function SubjectSection({ subject, signedIn, progress, pausedSession }: SubjectSectionProps) {
  const t = useT();
  const classOf = useClassNameIn();
  const mistakes = useMistakesByChapter(signedIn ? subject.id : null);
  // The answers the cards show that arrive after the cards are drawn: React Query hands each one over synchronously,
  // so taking them as they come re-rendered every card of the subject in one long task per answer (issue 32 §3,
  // TBT). Deferred, the subject renders again at once with the cards untouched (memoised), and the cards follow in
  // a render React slices between other work.
  const counts = useDeferredValue(mistakes.data ?? NO_MISTAKES);
  // Read here once for all the subject's cards (each card its own observer cost the phone's main thread: issue 32 §3).
  const recall = useDeferredValue(useRecall(signedIn).data);
  const recallOf = useMemo(() => new Map(recall?.chapters.map((c) => [c.chapterId, c])), [recall]);
  const usesTrial = useDeferredValue(useStartUsesFreeTrial());
  const learnerId = useSession((s) => (signedIn ? s.user?.id ?? null : null));
  const downloaded = useDeferredValue(useDownloadedChapters(learnerId));
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const questionCount = subject.chapters.reduce((sum, c) => sum + c.questionCount, 0);
  const headingId = `subject-${subject.id}-title`;
  const downloadsPath = downloadsPathOf(subject);
  const rule = { count: total, signedIn, sessionPaused: pausedSession !== null };
  const studyable = subject.chapters.filter((c) => c.questionCount > 0);
  const upcoming = subject.chapters.filter((c) => c.questionCount === 0);

  return (
    <section className="lp-subject" aria-labelledby={headingId}>
      <header className="lp-subject__header">
        <div>
          <h2 id={headingId} className="lp-subject__title">
            <CatalogueName item={subject} />
          </h2>
          <p className="lp-muted">
            {t('dashboard.subjectMeta', { className: classOf(subject.className), chapters: String(subject.chapters.length), questions: String(questionCount) })}
          </p>
        </div>
        <div className="lp-subject__actions">
        {downloadsPath && (
          <Button asChild variant="outline" size="sm">
            <Link to={downloadsPath} aria-label={t('dashboard.subjectDownloadLabel', { name: subject.name })}>
              {t('dashboard.chapterFiles')}
            </Link>
          </Button>
        )}
        {mistakeReviewShown(rule) && (
          <ActionButton
            to={quizLinks.subjectMistakes(subject.id)}
            disabled={mistakeReviewDisabled(rule)}
            hint={mistakeReviewHint(rule)}
            label={t('dashboard.reviewSubjectMistakesLabel', { count: String(total), name: subject.name })}
          >
            {t('dashboard.reviewSubjectMistakes', { count: String(total) })}
          </ActionButton>
        )}
        </div>
      </header>
      {subject.chapters.length === 0 ? (
        <p className="lp-muted">
          <Badge variant="muted">{t('dashboard.comingSoon')}</Badge> {t('dashboard.chaptersLater')}
        </p>
      ) : (
        <div className="lp-chapter-grid">
          {studyable.map((chapter) => (
            <ChapterCard
              key={chapter.id}
              chapter={chapter}
              signedIn={signedIn}
              progress={progress?.[chapter.id]}
              mistakeCount={counts[chapter.id] ?? 0}
              pausedSession={pausedSession}
              recall={recallOf.get(chapter.id)}
              usesTrial={usesTrial}
              downloadedCount={downloaded.get(chapter.id)}
            />
          ))}
        </div>
      )}
      {upcoming.length > 0 && (
        <div className="lp-upcoming">
          <h3 className="lp-upcoming__title">{t('dashboard.questionsComingSoon')}</h3>
          <ul className="lp-upcoming__list" aria-label={t('dashboard.upcomingLabel', { name: subject.name })}>
            {upcoming.map((chapter) => (
              <li key={chapter.id}>
                <CatalogueName item={chapter} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
