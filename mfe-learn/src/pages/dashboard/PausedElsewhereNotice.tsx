import type { QuizSession } from '@lp/contracts';
import { Button } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useChapter } from '../../api/index.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import { DiscardQuizButton } from './DiscardQuizButton.tsx';
import { quizPlace, quizPosition } from './unfinished-quiz.ts';
import './resume.css';

/**
 * In place of a chapter card's start buttons while a quiz of another chapter is paused (spec §2: one paused quiz,
 * "Complete Current Quiz First"; issue 31 §7): says which quiz waits and lets the learner continue or discard it
 * from here, in one tap.
 */
export function PausedElsewhereNotice({ session, chapterName }: { session: QuizSession; chapterName: string }) {
  const paused = useChapter(session.chapterId);
  const place = quizPlace(session, paused.data?.name);
  const t = useT();
  const first = t('dashboard.completeCurrentQuizFirst');
  return (
    <div className="lp-paused-elsewhere" role="group" aria-label={`${first}: ${chapterName}`}>
      <p>
        <strong>{t('dashboard.pausedFirst', { text: first })}</strong> {t('dashboard.pausedIn')} <strong>{place}</strong> {t('dashboard.pausedPosition', { position: quizPosition(session) })}
      </p>
      <div className="lp-paused-elsewhere__actions">
        <Button asChild variant="primary" size="sm">
          <Link to={quizLinks.resume(session)} aria-label={t('dashboard.pausedContinueLabel', { place })}>
            {t('dashboard.pausedContinue')}
          </Link>
        </Button>
        <DiscardQuizButton session={session} place={place} label={t('dashboard.pausedDiscardLabel', { place })}>
          {t('dashboard.pausedDiscard')}
        </DiscardQuizButton>
      </div>
    </div>
  );
}
