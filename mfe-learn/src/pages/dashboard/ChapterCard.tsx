import { memo } from 'react';
import type { ChapterProgress, ChapterSummary, QuizSession } from '@lp/contracts';
import { Badge, Button, cx } from '@lp/ui';
import { Link, navigate, toast } from '@lp/web-platform';
import { quizLinks, useDeleteSession } from '../../api/index.ts';
import { ActionButton } from './ActionButton.tsx';
import { cardHighlight, mistakeReviewDisabled, mistakeReviewHint, mistakeReviewShown, revisionView } from './card-rules.ts';
import { ClearMistakesDialog } from './ClearMistakesDialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { NextRevision } from '../revision/NextRevision.tsx';
import { ChapterRecall, type ChapterRecallForecast } from '../revision/ChapterRecall.tsx';
import { withTrialNote } from '../trial/trial-rules.ts';
import { PausedElsewhere } from './PausedElsewhere.tsx';
import { ChapterDownload } from '../../offline/ChapterDownload.tsx';
import { DELETE_SESSION_FAILED } from './unfinished-quiz.ts';
import { t as translate, useT } from '../../i18n/dashboard/index.ts';
import { CatalogueName, useNameIn } from '../../i18n/names.ts';

export { DELETE_SESSION_FAILED };

export interface ChapterCardProps {
  chapter: ChapterSummary;
  signedIn: boolean;
  progress?: ChapterProgress;
  mistakeCount: number;
  /** The learner's paused session, wherever it is. */
  pausedSession: QuizSession | null;
  /** The chapter's recall today (signed in, once answered), and whether a start uses the free trial: read once per subject. */
  recall?: ChapterRecallForecast;
  usesTrial: boolean;
  /** The download's question count when the chapter is downloaded on this device (read once per page). */
  downloadedCount?: number;
}

export const chapterAnchor = (chapterId: string) => `chapter-${chapterId}`;

/** True when the paused session belongs to this chapter (by chapter, or by one of its topics). */
export function isPausedHere(session: QuizSession | null, chapter: ChapterSummary): boolean {
  if (!session) return false;
  if (session.chapterId) return session.chapterId === chapter.id;
  return session.topicId !== null && chapter.topics.some((t) => t.id === session.topicId);
}

function RevisionStars({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="lp-stars" role="img" aria-label={t('dashboard.revisionsDone', { count })}>
      {[0, 1, 2].map((i) => (
        <span key={i} aria-hidden="true" className={i < count ? 'lp-star lp-star--on' : 'lp-star'}>
          {i < count ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}

function Trophy() {
  return (
    <svg className="lp-trophy" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V17h3v2H8v-2h3v-2.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm0 4H6v1a2 2 0 0 0 1 1.7V7Zm10 0v2.7A2 2 0 0 0 18 8V7h-1ZM7 20h10v1H7v-1Z"
      />
    </svg>
  );
}

function RetakeButton({ session, chapterName }: { session: QuizSession; chapterName: string }) {
  const deleteSession = useDeleteSession();
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={deleteSession.isPending}
      aria-label={t('dashboard.retakeLabel', { name: chapterName })}
      onClick={() =>
        deleteSession.mutate(session.id, {
          onSuccess: () => navigate(quizLinks.retake(session)),
          onError: (error) => toast({ title: translate('dashboard.deleteSessionFailed'), variant: 'destructive', error }),
        })
      }
    >
      {deleteSession.isPending ? t('dashboard.retaking') : t('dashboard.retake')}
    </Button>
  );
}

/**
 * One chapter: its topics with counts, the learner's progress and revision state, and the ways to start. Memoised:
 * a dashboard draws dozens, and an answer that changes nothing on a card must not render it again (issue 32 §3).
 */
export const ChapterCard = memo(function ChapterCard({ chapter, signedIn, progress, mistakeCount, pausedSession, recall, usesTrial, downloadedCount }: ChapterCardProps) {
  const headingId = `${chapterAnchor(chapter.id)}-title`;
  const revision = progress ? revisionView(progress) : null;
  const highlight = cardHighlight(revision?.accuracy);
  const hasQuestions = chapter.questionCount > 0;
  const pausedHere = isPausedHere(pausedSession, chapter);
  const pausedElsewhere = pausedSession !== null && !pausedHere;
  const sessionPaused = pausedSession !== null;
  const firstTopic = chapter.topics.find((t) => t.questionCount > 0) ?? chapter.topics[0];
  const mistakeRule = { count: mistakeCount, signedIn, sessionPaused };
  const t = useT();
  const nameOf = useNameIn();

  return (
    <article
      id={chapterAnchor(chapter.id)}
      className={cx('lp-chapter', highlight !== 'none' && `lp-chapter--${highlight}`, pausedHere && 'lp-chapter--paused')}
      aria-labelledby={headingId}
      data-highlight={highlight}
    >
      <header className="lp-chapter__header">
        <h3 id={headingId} className="lp-chapter__title">
          <CatalogueName item={chapter} />
        </h3>
        <p className="lp-chapter__meta">
          {hasQuestions ? t('dashboard.chapterMeta', { questions: String(chapter.questionCount), count: chapter.topics.length }) : t('dashboard.questionsComingSoon')}
        </p>
        {(revision?.revisionDue || revision?.mastered || pausedHere) && (
          <p className="lp-chapter__badges">
            {pausedHere && <Badge variant="default">{t('dashboard.paused')}</Badge>}
            {revision?.revisionDue && <Badge variant="warning">{t('dashboard.revisionDue')}</Badge>}
            {revision?.mastered && (
              <Badge variant="success" className="lp-badge--mastered">
                <Trophy /> {t('dashboard.mastered')}
              </Badge>
            )}
          </p>
        )}
      </header>

      {revision && (
        <div className="lp-chapter__progress">
          <div className="lp-chapter__accuracy">
            <span>
              {t('dashboard.accuracy')} <strong>{revision.accuracy}%</strong>
            </span>
            <RevisionStars count={revision.stars} />
          </div>
          <div className="lp-bar" aria-hidden="true">
            {/* Inline: the width is the chapter's accuracy, computed per card. */}
            <span className="lp-bar__fill" style={{ width: `${Math.min(100, Math.max(0, revision.accuracy))}%` }} />
          </div>
          {progress && <NextRevision progress={progress} withCount />}
        </div>
      )}
      {signedIn && <ChapterRecall chapter={recall} />}

      {chapter.topics.length > 0 && (
        <ul className="lp-chapter__topics" aria-label={t('dashboard.topicsOf', { name: nameOf(chapter) })}>
          {chapter.topics.map((topic) => (
            <li key={topic.id}>
              {/* /topic/{id} is for signed-in learners (a visitor is sent to the landing page): a visitor's topic link
                  opens the topic's sample quiz, or the chapter's while the topic has no questions. */}
              <Link to={signedIn ? `/topic/${encodeURIComponent(topic.id)}` : quizLinks.sample(chapter.id, topic.questionCount > 0 ? topic.id : undefined)}>
                <CatalogueName item={topic} />
              </Link>
              <span className="lp-chapter__count">
                {t('dashboard.topicQuestions', { count: String(topic.questionCount) })}
              </span>
            </li>
          ))}
        </ul>
      )}

      {hasQuestions && (
        <div className="lp-chapter__actions">
          {pausedHere && pausedSession ? (
            <>
              <ActionButton to={quizLinks.resume(pausedSession, firstTopic?.id)} variant="primary" label={t('dashboard.resumeLabel', { name: chapter.name })}>
                {t('dashboard.resume')}
              </ActionButton>
              <RetakeButton session={pausedSession} chapterName={nameOf(chapter)} />
            </>
          ) : pausedElsewhere && pausedSession ? (
            // Issue 31 §7: the paused quiz can be continued or discarded from here, in one tap.
            <PausedElsewhere session={pausedSession} chapterName={nameOf(chapter)} />
          ) : (
            signedIn && (
              <ActionButton
                to={quizLinks.fullChapter(chapter.id)}
                variant="primary"
                label={withTrialNote(t('dashboard.fullChapterQuizLabel', { name: chapter.name }), usesTrial)}
              >
                {withTrialNote(t('dashboard.fullChapterQuiz'), usesTrial)}
              </ActionButton>
            )
          )}
          {!pausedElsewhere && (
            <ActionButton
              to={quizLinks.sample(chapter.id)}
              disabled={sessionPaused}
              hint={sessionPaused ? t('dashboard.finishPausedFirst') : null}
              label={sessionPaused ? undefined : t('dashboard.sampleQuizLabel', { name: chapter.name })}
            >
              {sessionPaused ? t('dashboard.completeCurrentQuizFirst') : t('dashboard.sampleQuiz')}
            </ActionButton>
          )}
          {mistakeReviewShown(mistakeRule) && (
            <ActionButton
              to={firstTopic ? quizLinks.chapterMistakes(firstTopic.id, chapter.id) : ''}
              disabled={!firstTopic || mistakeReviewDisabled(mistakeRule)}
              hint={mistakeReviewHint(mistakeRule)}
              label={t('dashboard.reviewMistakesLabel', { count: String(mistakeCount), name: chapter.name })}
            >
              {t('dashboard.reviewMistakes', { count: String(mistakeCount) })}
            </ActionButton>
          )}
          {signedIn && mistakeCount > 0 && <ClearMistakesDialog chapterId={chapter.id} chapterName={nameOf(chapter)} count={mistakeCount} />}
          {signedIn && <HistoryDialog chapterId={chapter.id} chapterName={nameOf(chapter)} />}
          {signedIn && <ChapterDownload chapterId={chapter.id} chapterName={nameOf(chapter)} questionCount={downloadedCount} />}
        </div>
      )}
    </article>
  );
});
