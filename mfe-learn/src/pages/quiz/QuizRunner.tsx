/**
 * The quiz runner: one question at a time, answers scored on the server (through the answer queue,
 * so a flaky network loses nothing), a session for everything but sample quizzes (created on start,
 * paused, resumed, completed: `useQuizSession`), then the results — or, for a sample quiz, the
 * subscription page. This file only renders and keeps the question flow.
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Button, Card, ErrorState, Spinner } from '@lp/ui';
import { EmptyQuizFeedback, QuizFeedback, QuizProgress } from '@lp/ui/quiz';
import { navigate, useSession } from '@lp/web-platform';
import { useSaveStatus, waitingText } from './answerQueue.ts';
import { clockTime } from '../../offline/clock-time.ts';
import type { QuizPlan } from './loadQuiz.ts';
import { FlagQuestion } from './FlagQuestion.tsx';
import { getAnswerQueue, newAnswerId } from './pageQueue.ts';
import { QuestionView } from './QuestionView.tsx';
import { canAdvance, canSubmit, initialQuestionState, questionReducer, type AnswerCheck } from './questionState.ts';
import { pauseIndex } from './quizFlow.ts';
import { QuizResults, type AnsweredQuestion } from './QuizResults.tsx';
import { QuizTimer, useQuizClock } from './useQuizClock.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { useQuizSession } from './useQuizSession.ts';
import { useKeptSitting } from './useKeptSitting.ts';
import { useT } from '../../i18n/quiz/index.ts';

export interface QuizRunnerProps {
  plan: QuizPlan;
  /** The learner is not entitled after all (the session call said so): show the upgrade dialog. */
  onUpgrade: () => void;
}

const SAVE_TEXT = { idle: null, saving: 'runner.saving', saved: 'runner.saved', retrying: 'runner.retrying', busy: 'runner.busy' } as const;
/** A sample quiz's answers are checked, never stored (spec §4): nothing may say "Saved" (issue 31 §12). */
const SAMPLE_SEND_TEXT = { idle: null, saving: null, saved: null, retrying: 'runner.retrying', busy: 'runner.sampleBusy' } as const;

export function QuizRunner({ plan, onUpgrade }: QuizRunnerProps) {
  const queue = getAnswerQueue();
  const saveStatus = useSaveStatus(queue);
  const userId = useSession((s) => s.user?.id ?? null);
  const sample = plan.mode === 'sample';
  const resumed = plan.resume?.session ?? null;
  const kept = plan.sitting ?? null;
  const t = useT();

  const [index, setIndex] = useState(kept?.startIndex ?? plan.resume?.startIndex ?? 0);
  const [state, dispatch] = useReducer(questionReducer, initialQuestionState);
  // The answers of this sitting, in order. A ref (read by callbacks after awaits) plus a re-render.
  const answersRef = useRef<AnsweredQuestion[]>(kept?.answers ?? []);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const setAnswers = useCallback((update: (list: AnsweredQuestion[]) => AnsweredQuestion[]) => {
    answersRef.current = update(answersRef.current);
    rerender();
  }, []);
  const answers = answersRef.current;
  const [skipped, setSkipped] = useState(kept?.skipped ?? 0);
  const clock = useQuizClock(kept?.seconds ?? resumed?.timeSpent ?? 0);
  // Untimed mode (issue 33 §3, the account menu's setting): no running clock on screen; the time is still kept.
  const untimed = useSession((s) => s.user?.untimed === true);
  const { phase, sessionId, pausing, base, complete, pause } = useQuizSession({ plan, onUpgrade, answers: answersRef, quizSeconds: clock.quizSeconds });
  // A recorded quiz under way, answered in this sitting: leaving it asks first (issue 31 §6). Not a sample (nothing is
  // kept), not before an answer (nothing to come back to), nor while pausing.
  useLeaveGuard(!sample && sessionId !== null && phase.name === 'running' && !pausing && answersRef.current.length > 0, t('runner.leaveConfirm'));
  const questionHeading = useRef<HTMLDivElement>(null);
  const advanceButton = useRef<HTMLButtonElement>(null);

  const questions = plan.questions;
  const question = questions[index]!;
  const isLast = index >= questions.length - 1;
  const answeredCount = base.answered + answers.filter((a) => a.outcome !== 'failed').length;
  const correctCount = base.correct + answers.filter((a) => a.check?.isCorrect).length;

  useKeptSitting({ plan, userId, sessionId, phase: phase.name, index, answered: state.phase === 'submitted' || state.phase === 'checking', skipped, answers, seconds: clock.quizSeconds });
  // Continued with every question done (reloaded offline at the end): straight on to completing.
  const finishKept = useRef(kept?.finished === true);
  useEffect(() => {
    if (!finishKept.current || phase.name !== 'running') return;
    finishKept.current = false;
    void complete();
  }, [phase.name, complete]);

  // ---- answers that were queued and land later ----
  useEffect(
    () =>
      queue.onEvent((event) => {
        if (event.type === 'scored') {
          const check: AnswerCheck = event.result;
          setAnswers((list) => list.map((a) => (a.answerId === event.answerId ? { ...a, check, outcome: 'scored' } : a)));
          dispatch({ type: 'scored', answerId: event.answerId, check });
        } else {
          setAnswers((list) => list.map((a) => (a.answerId === event.answerId ? { ...a, outcome: 'failed' } : a)));
          dispatch({ type: 'failed', answerId: event.answerId, message: event.message });
        }
      }),
    [queue, setAnswers],
  );

  // Keyboard and screen-reader users follow the flow: after submitting, focus the next step; on a new question, its text.
  // A layout effect, so focus moves in the same commit that removes Submit Answer: no moment where it falls to
  // the page and a key press is lost.
  useLayoutEffect(() => {
    if (state.phase === 'submitted') advanceButton.current?.focus();
  }, [state.phase]);

  const submit = useCallback(async () => {
    if (state.phase !== 'selected' || phase.name !== 'running') return;
    const answerId = newAnswerId();
    const answer = state.answer;
    dispatch({ type: 'submit', answerId });
    setAnswers((list) => [...list, { answerId, question, answer, outcome: 'pending' }]);
    const outcome = await queue.submit(
      {
        answerId,
        questionId: question.id,
        answer,
        timeSpent: clock.questionSeconds(),
        mode: plan.mode,
        ...(sessionId ? { sessionId } : {}),
      },
      sample ? null : userId,
    );
    if (outcome.status === 'scored') {
      const check: AnswerCheck = outcome.result;
      dispatch({ type: 'scored', answerId, check });
      setAnswers((list) => list.map((a) => (a.answerId === answerId ? { ...a, check, outcome: 'scored' } : a)));
    } else if (outcome.status === 'queued') {
      dispatch({ type: 'queued', answerId });
      setAnswers((list) => list.map((a) => (a.answerId === answerId ? { ...a, waited: true } : a)));
    } else {
      dispatch({ type: 'failed', answerId, message: outcome.message });
      setAnswers((list) => list.map((a) => (a.answerId === answerId ? { ...a, outcome: 'failed' } : a)));
    }
  }, [state, phase.name, question, queue, clock, plan.mode, sessionId, sample, userId, setAnswers]);

  const goNext = useCallback(() => {
    if (isLast) {
      void complete();
      return;
    }
    dispatch({ type: 'reset' });
    setIndex((i) => i + 1);
    clock.startQuestion();
    questionHeading.current?.focus();
  }, [isLast, complete, clock]);

  const skip = useCallback(() => {
    // Skip advances without recording or scoring anything.
    setSkipped((n) => n + 1);
    goNext();
  }, [goNext]);

  const pauseHere = useCallback(
    () => pause(pauseIndex(index, state.phase === 'submitted' || state.phase === 'checking', questions.length)),
    [pause, index, state.phase, questions.length],
  );

  const onEnter = useCallback(() => {
    if (canSubmit(state)) void submit();
    else if (canAdvance(state)) goNext();
  }, [state, submit, goNext]);

  // ---- screens other than the question ----
  if (phase.name === 'results') {
    return (
      <QuizResults
        plan={plan}
        sessionId={sessionId}
        answered={phase.answered}
        correct={phase.correct}
        seconds={phase.seconds}
        sentLater={phase.sentLater}
        skipped={skipped}
        answers={answers}
      />
    );
  }
  if (phase.name === 'sessionBlocked') {
    return (
      <ErrorState
        title={t('runner.blocked')}
        message={phase.message}
        onRetry={() => navigate('/dashboard')}
        retryLabel={t('quiz.returnToDashboard')}
      />
    );
  }
  if (phase.name === 'completing') return <Spinner label={t('runner.completing')} />;
  if (phase.name === 'unsaved') {
    return (
      <ErrorState
        title={t('offline.unsavedTitle')}
        message={t('offline.unsavedMessage', { waiting: waitingText(phase.count, null, clockTime) })}
        onRetry={() => void complete()}
        retryLabel={t('runner.tryAgain')}
      />
    );
  }
  if (phase.name === 'completeFailed') {
    return (
      <ErrorState
        title={t('runner.completeFailedTitle')}
        message={t('runner.completeFailed', { message: phase.message })}
        onRetry={() => void complete()}
        retryLabel={t('runner.tryAgain')}
      />
    );
  }

  const starting = phase.name === 'starting';
  const submitted = state.phase === 'submitted';
  const showPause = !sample && !!sessionId && !(isLast && submitted);
  const saveText = (sample ? SAMPLE_SEND_TEXT : SAVE_TEXT)[saveStatus];

  return (
    <div className="lp-quiz">
      <div className="lp-quiz__meta">
        <div className="lp-quiz__meta-group">
          <span>{t('runner.position', { n: String(index + 1), count: String(questions.length) })}</span>
          {!untimed && <QuizTimer seconds={clock.quizSeconds} />}
        </div>
        <div className="lp-quiz__meta-group">
          {!sample && (
            <span>{t('runner.score', { correct: String(correctCount), answered: String(answeredCount) })}</span>
          )}
          <span className={`lp-quiz__save lp-quiz__save--${saveStatus}`} role="status" aria-live="polite">
            {saveText ? t(saveText) : ''}
          </span>
          {!sample && (
            <span className="lp-quiz__waiting" role="status" data-testid="answers-waiting">
              {waitingText(queue.pendingCount(userId), queue.lastSentAt(), clockTime)}
            </span>
          )}
        </div>
      </div>
      <QuizProgress done={index + (submitted ? 1 : 0)} total={questions.length} />
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onEnter();
          }}
        >
          <div ref={questionHeading} tabIndex={-1} aria-label={t('runner.position', { n: String(index + 1), count: String(questions.length) })}>
            <QuestionView
              key={question.id + index}
              question={question}
              state={state}
              onSelect={(answer) => dispatch({ type: 'select', answer })}
              onEnter={onEnter}
            />
          </div>
          <Feedback state={state} />
          {state.phase === 'submitted' && !sample && <FlagQuestion questionId={question.id} />}
          <div className="lp-quiz__actions">
            <div className="lp-quiz__actions-group">
              {!submitted && (
                <Button variant="ghost" onClick={skip} disabled={state.phase === 'checking' || starting}>
                  {t('runner.skip')}
                </Button>
              )}
              {showPause && (
                <Button variant="outline" onClick={() => void pauseHere()} disabled={pausing || state.phase === 'checking'}>
                  {pausing ? t('runner.pausing') : t('runner.pause')}
                </Button>
              )}
            </div>
            <div className="lp-quiz__actions-group">
              {submitted ? (
                <Button ref={advanceButton} onClick={goNext}>
                  {isLast ? t('runner.complete') : t('runner.next')}
                </Button>
              ) : (
                <Button type="submit" disabled={!canSubmit(state) || starting}>
                  {state.phase === 'checking' ? t('runner.checking') : t('runner.submit')}
                </Button>
              )}
            </div>
          </div>
          {starting && <p className="lp-quiz__hint">{t('runner.starting')}</p>}
        </form>
      </Card>
    </div>
  );
}

/** What the learner learns after submitting: right or wrong, the correct answer, the explanation. */
function Feedback({ state }: { state: ReturnType<typeof questionReducer> }) {
  const t = useT();
  if (state.phase !== 'submitted') return <EmptyQuizFeedback />;
  const { outcome } = state;
  if (outcome.status === 'pending') {
    return (
      <QuizFeedback tone="pending" title={t('runner.pendingTitle')}>
        <p>{t('runner.pendingText')}</p>
      </QuizFeedback>
    );
  }
  if (outcome.status === 'failed') {
    return (
      <QuizFeedback tone="wrong" title={t('runner.failedTitle')}>
        <p>{outcome.message}</p>
      </QuizFeedback>
    );
  }
  const { check } = outcome;
  return (
    <QuizFeedback
      tone={check.isCorrect ? 'correct' : 'wrong'}
      title={check.isCorrect ? t('runner.correct') : t('runner.incorrect')}
      correctAnswer={check.isCorrect ? undefined : check.correctAnswer}
      explanation={check.explanation}
      hi={check.hi}
    />
  );
}
