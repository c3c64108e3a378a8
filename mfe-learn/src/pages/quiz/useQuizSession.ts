/**
 * The quiz session's life, apart from the screen that shows it: created on start (not for a sample quiz) or
 * resumed, paused, and completed once this quiz's queued answers are sent. The phase says which screen to show.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { navigate, toast, useSession } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { needsSubscription, quizApi, statusOf, errorCodeOf } from './api.ts';
import { isRetryable } from './answerQueue.ts';
import type { QuizPlan } from './loadQuiz.ts';
import { ensureSessionStarted, getAnswerQueue, getPendingStarts } from './pageQueue.ts';
import { newSessionId, type StartBody } from '../../offline/pending-starts.ts';
import type { AnsweredQuestion } from './QuizResults.tsx';
import { t } from '../../i18n/quiz/index.ts';

export type QuizPhase =
  | { name: 'starting' }
  | { name: 'running' }
  | { name: 'sessionBlocked'; message: string }
  | { name: 'completing' }
  | { name: 'unsaved'; count: number }
  | { name: 'completeFailed'; message: string }
  /** `sentLater`: some answers waited on this device and were scored when they reached the server (that time). */
  | { name: 'results'; answered: number; correct: number; seconds: number; sentLater?: number | null };

export interface QuizSessionOptions {
  plan: QuizPlan;
  /** The learner is not entitled after all (the session call said so): show the upgrade dialog. */
  onUpgrade: () => void;
  /** The answers of this sitting, in order: a ref, since completing reads them after awaits. */
  answers: RefObject<AnsweredQuestion[]>;
  /** Seconds spent on the whole quiz so far (the quiz clock). */
  quizSeconds: () => number;
}

export function useQuizSession({ plan, onUpgrade, answers: answersRef, quizSeconds }: QuizSessionOptions) {
  const queue = getAnswerQueue();
  const userId = useSession((s) => s.user?.id ?? null);
  const sample = plan.mode === 'sample';
  const resumed = plan.resume?.session ?? null;
  const kept = plan.sitting ?? null;

  const [phase, setPhase] = useState<QuizPhase>(sample ? { name: 'running' } : { name: 'starting' });
  const [sessionId, setSessionId] = useState<string | null>(kept?.sessionId ?? resumed?.id ?? null);
  const [pausing, setPausing] = useState(false);
  const started = useRef(false);
  /** What a resumed session had before this sitting. */
  const base = { answered: resumed?.questionsAnswered ?? 0, correct: resumed?.correctAnswers ?? 0 };
  const questionsCount = plan.questions.length;

  // ---- the session: created on start (not in sample mode), or resumed ----
  useEffect(() => {
    if (sample || started.current) return;
    started.current = true;
    // Continued from this device (offline/quiz-sitting.ts): its session exists, or its start waits in pending starts.
    if (kept) {
      setPhase({ name: 'running' });
      return;
    }
    void (async () => {
      if (resumed) {
        try {
          await quizApi.resumeSession(resumed.id);
        } catch (error) {
          if (errorCodeOf(error) === 'SESSION_COMPLETED') {
            setPhase({ name: 'sessionBlocked', message: t('session.completedAlready') });
            return;
          }
          // The session stays usable: answers still carry its id and completion still reaches it.
        }
        setPhase({ name: 'running' });
        return;
      }
      // The runner names the session (offline/pending-starts.ts): a start that cannot reach the server waits and is
      // sent before this quiz's answers; the server makes one session per id, however often it arrives.
      const start: StartBody = {
        mode: plan.mode as Exclude<QuizPlan['mode'], 'sample'>,
        ...(plan.topicId && plan.mode === 'topic' ? { topicId: plan.topicId } : {}),
        ...(plan.chapterId && (plan.mode === 'full' || plan.mode === 'mistakes') ? { chapterId: plan.chapterId } : {}),
        ...(plan.subjectId && plan.mode === 'subject-mistakes' ? { subjectId: plan.subjectId } : {}),
        questionsCount,
        sessionId: newSessionId(),
      };
      try {
        const session = await quizApi.createSession(start);
        setSessionId(session.id);
      } catch (error) {
        if (userId && isRetryable(error) && statusOf(error) !== 401) {
          // No connection (or the service is down): the quiz goes on under its own id, created when it is back.
          getPendingStarts().add({ body: start, userId });
          setSessionId(start.sessionId);
          setPhase({ name: 'running' });
          return;
        }
        if (needsSubscription(error)) {
          onUpgrade();
          return;
        }
        if (statusOf(error) === 409 && errorCodeOf(error) === 'SESSION_PAUSED') {
          setPhase({ name: 'sessionBlocked', message: errorTextOf(error) });
          return;
        }
        // Spec §8: a failed session start only resets the busy flag; the quiz goes on without a session.
      }
      setPhase({ name: 'running' });
    })();
  }, [sample, resumed, kept, plan, questionsCount, onUpgrade, userId]);

  const mine = useCallback(() => answersRef.current.filter((a) => queue.isPending(a.answerId)).length, [answersRef, queue]);
  const complete = useCallback(async () => {
    setPhase({ name: 'completing' });
    const seconds = quizSeconds();
    // Completion waits for this quiz's queued answers: the server scores the session from them.
    if (mine() > 0) {
      await queue.flush();
      const left = mine();
      if (left > 0) {
        setPhase({ name: 'unsaved', count: left });
        return;
      }
    }
    const answers = answersRef.current;
    if (sample) {
      const scored = answers.filter((a) => a.check);
      const right = scored.filter((a) => a.check?.isCorrect).length;
      // A visitor sees the results (score, rating, the wrong answers) with a sign-in that returns to
      // /subscribe: /subscribe itself would send a visitor to the landing page with nothing to show.
      if (!userId) {
        setPhase({ name: 'results', answered: scored.length, correct: right, seconds });
        return;
      }
      // A signed-in free learner's end of sample goes to the subscription page (spec §4).
      toast({
        title: t('session.sampleDone'),
        description: t('session.sampleDoneText', { right: String(right), total: String(scored.length) }),
      });
      navigate('/subscribe');
      return;
    }
    const answered = base.answered + answers.filter((a) => a.outcome !== 'failed').length;
    const correctLocal = base.correct + answers.filter((a) => a.check?.isCorrect).length;
    if (!sessionId) {
      setPhase({ name: 'results', answered, correct: correctLocal, seconds });
      return;
    }
    try {
      // The counts are the server's (the first answer to each question); the runner sends only its time.
      await ensureSessionStarted(sessionId);
      const done = await quizApi.completeSession(sessionId, { timeSpent: seconds, completed: true });
      const sentLater = answers.some((a) => a.waited) ? queue.lastSentAt() : undefined;
      setPhase({ name: 'results', answered: done.questionsAnswered, correct: done.correctAnswers, seconds, sentLater });
    } catch (error) {
      setPhase({ name: 'completeFailed', message: errorTextOf(error) });
    }
  }, [queue, quizSeconds, answersRef, sample, userId, sessionId, base.answered, base.correct, mine]);

  // Answers still on this device at the end: the quiz finishes by itself once they have all reached the server.
  const finishing = useRef(false);
  useEffect(() => {
    if (phase.name !== 'unsaved') return;
    finishing.current = false;
    return queue.subscribe(() => {
      if (finishing.current || mine() > 0) return;
      finishing.current = true;
      void complete();
    });
  }, [phase.name, queue, mine, complete]);

  /** Pauses at `currentQuestionIndex` and goes to the dashboard; on failure, says so and stays. */
  const pause = useCallback(
    async (currentQuestionIndex: number) => {
      if (!sessionId) return;
      setPausing(true);
      try {
        await quizApi.pauseSession(sessionId, { currentQuestionIndex, timeSpent: quizSeconds() });
        navigate('/dashboard');
      } catch (error) {
        setPausing(false);
        toast({ variant: 'destructive', title: t('session.pauseFailed'), description: errorTextOf(error), error });
      }
    },
    [sessionId, quizSeconds],
  );

  return { phase, sessionId, pausing, base, complete, pause };
}
