import type { QuizSession } from '@lp/contracts';
import { Button } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useChapter } from '../../api/index.ts';
import { COMPLETE_CURRENT_QUIZ_FIRST } from './card-rules.ts';
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
  return (
    <div className="lp-paused-elsewhere" role="group" aria-label={`${COMPLETE_CURRENT_QUIZ_FIRST}: ${chapterName}`}>
      <p>
        <strong>{COMPLETE_CURRENT_QUIZ_FIRST}.</strong> You have a paused quiz in <strong>{place}</strong> ({quizPosition(session)}).
      </p>
      <div className="lp-paused-elsewhere__actions">
        <Button asChild variant="primary" size="sm">
          <Link to={quizLinks.resume(session)} aria-label={`Continue the paused quiz in ${place}`}>
            Continue it
          </Link>
        </Button>
        <DiscardQuizButton session={session} place={place} label={`Discard the paused quiz in ${place}`}>
          Discard it
        </DiscardQuizButton>
      </div>
    </div>
  );
}
