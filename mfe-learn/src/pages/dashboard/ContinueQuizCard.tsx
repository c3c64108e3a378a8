import { Button, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useChapter, useQuizToContinue } from '../../api/index.ts';
import { DiscardQuizButton } from './DiscardQuizButton.tsx';
import { quizKind, quizPlace, quizPosition } from './unfinished-quiz.ts';
import './resume.css';

/**
 * The top of a signed-in learner's dashboard (issue 31 §6): the quiz they paused, or left without pausing (a header
 * link, a closed tab), with how far they got and one tap to continue or discard it. Renders nothing without one.
 */
export function ContinueQuizCard() {
  const toContinue = useQuizToContinue();
  const session = toContinue.data ?? null;
  const chapter = useChapter(session?.chapterId);
  if (!session) return null;
  const place = quizPlace(session, chapter.data?.name);
  const position = quizPosition(session);
  const done = Math.round((100 * session.questionsAnswered) / Math.max(1, session.questionsCount));
  return (
    <section className="lp-continue" aria-labelledby="continue-quiz-title">
      <div className="lp-continue__text">
        <h2 id="continue-quiz-title" className="lp-continue__title">
          {session.isPaused ? 'Continue your paused quiz' : 'Continue where you left off'}
        </h2>
        <p className="lp-continue__place">
          {session.chapterId && chapter.isPending ? <Skeleton width="10rem" height="1rem" /> : <strong>{place}</strong>}
          <span className="lp-muted"> · {quizKind(session.mode)}</span>
        </p>
        <p className="lp-continue__position">
          {position} <span className="lp-muted">({session.questionsAnswered} answered)</span>
        </p>
        <div className="lp-continue__bar" role="progressbar" aria-label="Answered" aria-valuemin={0} aria-valuemax={100} aria-valuenow={done}>
          {/* Inline: the width is this quiz's share answered. */}
          <span style={{ width: `${done}%` }} />
        </div>
      </div>
      <div className="lp-continue__actions">
        <Button asChild variant="primary" size="sm">
          <Link to={quizLinks.resume(session)} aria-label={`Continue ${place}: ${position}`}>
            Continue
          </Link>
        </Button>
        <DiscardQuizButton session={session} place={place} label={`Discard the quiz in ${place}`} />
      </div>
    </section>
  );
}
