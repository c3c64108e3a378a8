/**
 * The results screen (spec §2, §4): score, accuracy, time in minutes and seconds, the rating, and a
 * review of the wrong answers; then Back to Dashboard, Retake, Next Topic.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Card } from '@lp/ui';
import { hindiOptions, MistakeReview } from '@lp/ui/quiz';
import { loginUrl, navigate, toast } from '@lp/web-platform';
import { quizApi, type Question } from './api.ts';
import type { QuizPlan } from './loadQuiz.ts';
import type { AnswerCheck } from './questionState.ts';
import { quizLinks, useCurrentUser, useSessionIncorrectQuestions, useSubscriptionStatus } from '../../api/index.ts';
import { FlagQuestion } from './FlagQuestion.tsx';
import { WrongQuestionList } from './SessionWrongAnswers.tsx';
import { ResultsNextRevision } from '../revision/ResultsNextRevision.tsx';
import { TrialPlanOffer } from '../trial/TrialPlanOffer.tsx';
import { isTrialQuiz } from '../trial/trial-results.ts';
import { ChallengeFriendButton } from './challengeDialog.tsx';
import { nextTopicId } from './quizFlow.ts';
import { accuracyOf, formatDuration, ratingFor, spokenTime, type ResultRating } from './rating.ts';
import { en, t as translate, useT } from '../../i18n/quiz/index.ts';
import { clockTime } from '../../offline/clock-time.ts';

export interface AnsweredQuestion {
  answerId: string;
  question: Question;
  answer: string;
  check?: AnswerCheck;
  outcome: 'pending' | 'scored' | 'failed';
  /** The answer waited on this device (no connection) and was scored when it reached the server. */
  waited?: boolean;
}

export interface QuizResultsProps {
  plan: QuizPlan;
  sessionId: string | null;
  answered: number;
  correct: number;
  seconds: number;
  skipped: number;
  answers: AnsweredQuestion[];
  /** Some answers waited on this device: when the last of them reached the server (null when not known). */
  sentLater?: number | null;
}

const RATING: Record<ResultRating, { className: string; text: keyof typeof en }> = {
  'Excellent!': { className: 'lp-results__rating--excellent', text: 'results.excellent' },
  'Good Job!': { className: 'lp-results__rating--good', text: 'results.goodJob' },
  'Keep Trying!': { className: 'lp-results__rating--keep', text: 'results.keepTrying' },
};

export const DELETE_SESSION_FAILED = en['results.deleteSessionFailed'];

export function QuizResults({ plan, sessionId, answered, correct, seconds, skipped, answers, sentLater }: QuizResultsProps) {
  const accuracy = accuracyOf(correct, answered);
  const rating = ratingFor(accuracy);
  const wrong = answers.filter((a) => a.check && !a.check.isCorrect);
  const [retaking, setRetaking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const next = plan.topicId && plan.mode === 'topic' ? nextTopicId(plan.topics, plan.topicId) : null;
  // A visitor's sample quiz: no session to retake; the way on is to sign in and subscribe.
  const sample = plan.mode === 'sample';
  // Answers given before a pause (another visit, maybe another device) are not in this tab: the server lists them.
  const recorded = useSessionIncorrectQuestions(sessionId ?? '', { enabled: Boolean(sessionId) && !sample });
  const shownHere = new Set(wrong.map((a) => a.question.id));
  const earlier = (recorded.data ?? []).filter((q) => !shownHere.has(q.id));

  useEffect(() => heading.current?.focus(), []);
  // Challenges are a subscriber feature (spec §6), made from a finished full chapter or topic quiz.
  const { user } = useCurrentUser();
  const subscription = useSubscriptionStatus();
  const canChallenge = Boolean(sessionId) && (plan.mode === 'full' || plan.mode === 'topic') &&
    (user?.role === 'owner' || subscription.data?.subscriptionStatus === 'active');
  // The free trial's results offer the plan there and then (issue 31 §8).
  const trialOffer = user?.role !== 'owner' && isTrialQuiz({ mode: plan.mode, sessionId, status: subscription.data });

  const retake = async () => {
    if (!plan.chapterId) return;
    setRetaking(true);
    try {
      // Retake deletes the session, then opens the full chapter quiz (spec §4).
      if (sessionId) await quizApi.deleteSession(sessionId);
      navigate(quizLinks.fullChapter(plan.chapterId));
    } catch (error) {
      setRetaking(false);
      toast({ variant: 'destructive', title: translate('results.deleteSessionFailed'), error });
    }
  };

  return (
    <div className="lp-quiz">
      <Card>
        <h2 ref={heading} tabIndex={-1} className="lp-card__title">
          {t('results.complete')}
        </h2>
        <p className={`lp-results__rating ${RATING[rating].className}`}>{t(RATING[rating].text)}</p>
        <dl className="lp-results__stats">
          <div className="lp-results__stat">
            <dt>{t('results.score')}</dt>
            <dd>
              {correct}/{answered}
            </dd>
          </div>
          <div className="lp-results__stat">
            <dt>{t('results.accuracy')}</dt>
            <dd>{accuracy}%</dd>
          </div>
          <div className="lp-results__stat">
            <dt>{t('results.time')}</dt>
            <dd>
              <span aria-hidden="true">{formatDuration(seconds)}</span>
              <span className="lp-visually-hidden">{spokenTime(seconds)}</span>
            </dd>
          </div>
        </dl>
        {sentLater !== undefined && (
          <p className="lp-quiz__hint" data-testid="scored-later">
            {sentLater === null ? t('offline.scoredLater') : t('offline.scoredLaterAt', { time: clockTime(sentLater) })}
          </p>
        )}
        {plan.chapterId && sessionId && !sample && <ResultsNextRevision chapterId={plan.chapterId} />}
        {sample && (
          <p className="lp-quiz__hint">
            {t('results.sampleNote')}
          </p>
        )}
        {trialOffer && <TrialPlanOffer />}
        {skipped > 0 && (
          <p className="lp-quiz__hint">
            {t('results.skipped', { count: String(skipped) })}
          </p>
        )}
        <div className="lp-results__actions lp-results__actions--after-review">
          <Button variant="outline" onClick={() => navigate('/dashboard')}>
            {t('results.backToDashboard')}
          </Button>
          {sample && (
            <Button asChild>
              {/* A real navigation: sign in, then land on the subscription page. */}
              <a href={loginUrl('/subscribe')}>{t('results.signInToSubscribe')}</a>
            </Button>
          )}
          {plan.chapterId && !sample && (
            <Button variant="secondary" onClick={() => void retake()} disabled={retaking}>
              {retaking ? t('results.opening') : t('results.retake')}
            </Button>
          )}
          {next && <Button onClick={() => navigate(quizLinks.topic(next))}>{t('results.nextTopic')}</Button>}
          {canChallenge && sessionId && <ChallengeFriendButton sessionId={sessionId} />}
        </div>
      </Card>
      <Card title={wrong.length + earlier.length > 0 ? t('results.reviewMistakes') : t('results.noMistakes')}>
        {wrong.length + earlier.length === 0 ? (
          <p className="lp-quiz__hint">
            {answered > 0 ? t('results.allCorrect') : t('results.noneAnswered')}
          </p>
        ) : (
          wrong.length > 0 && (
            <MistakeReview
              mistakes={wrong.map((a) => ({
                key: a.answerId,
                question: a.question.question,
                yourAnswer: a.answer,
                correctAnswer: a.check!.correctAnswer,
                explanation: a.check!.explanation,
                hi: a.question.hi && {
                  question: a.question.hi.question,
                  yourAnswer: hindiOptions(a.question.options, a.question.hi)[a.question.options.indexOf(a.answer)],
                  correctAnswer: a.check!.hi?.correctAnswer,
                  explanation: a.check!.hi?.explanation,
                },
                after: <FlagQuestion questionId={a.question.id} />,
              }))}
            />
          )
        )}
        {earlier.length > 0 && (
          <>
            <h3 className="lp-results__earlier">{t('results.earlier')}</h3>
            <WrongQuestionList questions={earlier} label={t('results.earlier')} />
            {plan.chapterId && plan.mode !== 'review' && (
              <p className="lp-quiz__hint">{t('results.earlierNote')}</p>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
