import { Button, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import type { QuizSession } from '@lp/contracts';
import { quizLinks, useChapter } from '../../api/index.ts';
import { DiscardQuizButton } from './DiscardQuizButton.tsx';
import { quizKind, quizPlace, quizPosition } from './unfinished-quiz.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import './resume.css';

/** The "Continue" card's content: a chunk of its own, loaded only when there is a quiz to continue. */
export function ContinueQuizPanel({ session }: { session: QuizSession }) {
  const chapter = useChapter(session.chapterId);
  const t = useT();
  const place = quizPlace(session, chapter.data?.name);
  const position = quizPosition(session);
  const done = Math.round((100 * session.questionsAnswered) / Math.max(1, session.questionsCount));
  return (
    <section className="lp-continue" aria-labelledby="continue-quiz-title">
      <div className="lp-continue__text">
        <h2 id="continue-quiz-title" className="lp-continue__title">
          {session.isPaused ? t('dashboard.continuePausedTitle') : t('dashboard.continueLeftTitle')}
        </h2>
        <p className="lp-continue__place">
          {session.chapterId && chapter.isPending ? <Skeleton width="10rem" height="1rem" /> : <strong>{place}</strong>}
          <span className="lp-muted"> · {quizKind(session.mode)}</span>
        </p>
        <p className="lp-continue__position">
          {position} <span className="lp-muted">{t('dashboard.continueAnswered', { count: String(session.questionsAnswered) })}</span>
        </p>
        <div className="lp-continue__bar" role="progressbar" aria-label={t('dashboard.continueBar')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={done}>
          {/* Inline: the width is this quiz's share answered. */}
          <span style={{ width: `${done}%` }} />
        </div>
      </div>
      <div className="lp-continue__actions">
        <Button asChild variant="primary" size="sm">
          <Link to={quizLinks.resume(session)} aria-label={t('dashboard.continueLabel', { place, position })}>
            {t('dashboard.continue')}
          </Link>
        </Button>
        <DiscardQuizButton session={session} place={place} label={t('dashboard.continueDiscardLabel', { place })} />
      </div>
    </section>
  );
}
