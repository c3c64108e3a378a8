/**
 * The finished attempt: both scores side by side, the review of the player's mistakes, Sign in to claim for a guest,
 * Challenge back and Practise this chapter.
 */
import { useEffect, useRef, useState } from 'react';
import type { AttemptResult } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { errorMessageOf, Link, LOGIN_URL, useUser } from '@lp/web-platform';
import { SUCCESS_SCORE } from '@lp/question-rules/rating';
import { guestChallengeApi } from '../../guest-api.ts';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { SideBySide } from '../../play/SideBySide.tsx';
import { ChallengeBack } from './ChallengeBack.tsx';
import { Review } from './Review.tsx';

export function Results({ token, attempt, result, onChange }: { token: string; attempt: StoredAttempt; result: AttemptResult; onChange: (a: StoredAttempt) => void }) {
  const { signedIn } = useUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [claimError, setClaimError] = useState<string | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // Back from signing in: the result moves to the account, once.
  useEffect(() => {
    if (!signedIn || !result.canClaim) return;
    guestChallengeApi.claim(attempt.attemptId, attempt.attemptKey).then(
      // The claim's answer has no review (only finishing sends the keys): keep the one on screen.
      (claimed) => onChange({ ...attempt, result: { ...claimed, review: claimed.review ?? result.review } }),
      (e: unknown) => setClaimError(errorMessageOf(e, 'Your result could not be saved to your account.')),
    );
  }, [signedIn, result.canClaim]);

  const signInToClaim = () => window.location.assign(`${LOGIN_URL}?returnTo=${encodeURIComponent(`/c/${token}`)}`);

  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="lp-card__title">Challenge Complete</h2>
      {result.winner === 'friend' && (
        <p className="lp-challenge__congrats">Congratulations! You beat {result.challengerName}&apos;s score!</p>
      )}
      {result.score >= SUCCESS_SCORE && result.winner !== 'friend' && <p className="lp-challenge__congrats">Well done: {result.score}% is a great score.</p>}
      <SideBySide
        winner={result.winner}
        left={{ label: 'You', name: result.name, score: result.score, correctAnswers: result.correctAnswers, totalQuestions: result.totalQuestions, timeSpent: result.timeSpent, untimed: result.untimed }}
        right={{ label: 'Challenger', name: result.challengerName, score: result.challengerScore, correctAnswers: result.challengerCorrectAnswers, totalQuestions: result.challengerTotalQuestions, timeSpent: result.challengerTime, untimed: result.challengerUntimed }}
      />
      {result.review && <Review attempt={attempt} review={result.review} />}
      {result.canClaim && !signedIn && (
        <div className="lp-challenge__actions">
          <p className="lp-quiz__hint">Sign in to keep this result in your account.</p>
          <Button onClick={signInToClaim}>Sign in to claim</Button>
        </div>
      )}
      {result.claimedBy && <p role="status">Saved to your account.</p>}
      {claimError && <p className="lp-challenge__error" role="alert">{claimError}</p>}
      <div className="lp-challenge__actions">
        <ChallengeBack token={token} attemptId={attempt.attemptId} challengerName={result.challengerName} ready={!result.canClaim} />
        {result.chapterId && (
          // The chapter's full quiz; a guest lands on its sample quiz (the learn quiz page sends them there).
          <Button asChild variant="outline"><Link to={`/quiz/chapter/${encodeURIComponent(result.chapterId)}`}>Practise this chapter</Link></Button>
        )}
      </div>
    </Card>
  );
}
