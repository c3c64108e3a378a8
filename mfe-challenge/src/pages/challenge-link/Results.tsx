/**
 * The finished attempt: both scores side by side, the review of the player's mistakes, Sign in to claim for a guest,
 * Challenge back and Practise this chapter.
 */
import { useEffect, useRef, useState } from 'react';
import type { AttemptResult } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { Link, LOGIN_URL, useUser } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { SUCCESS_SCORE } from '@lp/question-rules/rating';
import { guestChallengeApi } from '../../guest-api.ts';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { SideBySide } from '../../play/SideBySide.tsx';
import { ChallengeBack } from './ChallengeBack.tsx';
import { Review } from './Review.tsx';
import { usePlayT } from '../../i18n/play.ts';

export function Results({ token, attempt, result, onChange }: { token: string; attempt: StoredAttempt; result: AttemptResult; onChange: (a: StoredAttempt) => void }) {
  const { signedIn } = useUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [claimError, setClaimError] = useState<string | null>(null);
  const t = usePlayT();
  useEffect(() => headingRef.current?.focus(), []);

  // Back from signing in: the result moves to the account, once.
  useEffect(() => {
    if (!signedIn || !result.canClaim) return;
    guestChallengeApi.claim(attempt.attemptId, attempt.attemptKey).then(
      // The claim's answer has no review (only finishing sends the keys): keep the one on screen.
      (claimed) => onChange({ ...attempt, result: { ...claimed, review: claimed.review ?? result.review } }),
      (e: unknown) => setClaimError(errorTextOf(e, t('results.claimFailed'))),
    );
  }, [signedIn, result.canClaim]);

  const signInToClaim = () => window.location.assign(`${LOGIN_URL}?returnTo=${encodeURIComponent(`/c/${token}`)}`);

  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="lp-card__title">{t('results.complete')}</h2>
      {result.winner === 'friend' && (
        <p className="lp-challenge__congrats">{t('results.beat', { name: result.challengerName })}</p>
      )}
      {result.score >= SUCCESS_SCORE && result.winner !== 'friend' && <p className="lp-challenge__congrats">{t('results.wellDone', { score: result.score })}</p>}
      <SideBySide
        winner={result.winner}
        left={{ label: t('results.you'), name: result.name, score: result.score, correctAnswers: result.correctAnswers, totalQuestions: result.totalQuestions, timeSpent: result.timeSpent, untimed: result.untimed }}
        right={{ label: t('results.challenger'), name: result.challengerName, score: result.challengerScore, correctAnswers: result.challengerCorrectAnswers, totalQuestions: result.challengerTotalQuestions, timeSpent: result.challengerTime, untimed: result.challengerUntimed }}
      />
      {result.review && <Review attempt={attempt} review={result.review} />}
      {result.canClaim && !signedIn && (
        <div className="lp-challenge__actions">
          <p className="lp-quiz__hint">{t('results.keep')}</p>
          <Button onClick={signInToClaim}>{t('results.claim')}</Button>
        </div>
      )}
      {result.claimedBy && <p role="status">{t('results.saved')}</p>}
      {claimError && <p className="lp-challenge__error" role="alert">{claimError}</p>}
      <div className="lp-challenge__actions">
        <ChallengeBack token={token} attemptId={attempt.attemptId} challengerName={result.challengerName} ready={!result.canClaim} />
        {result.chapterId && (
          // The chapter's full quiz; a guest lands on its sample quiz (the learn quiz page sends them there).
          <Button asChild variant="outline"><Link to={`/quiz/chapter/${encodeURIComponent(result.chapterId)}`}>{t('results.practise')}</Link></Button>
        )}
      </div>
    </Card>
  );
}
