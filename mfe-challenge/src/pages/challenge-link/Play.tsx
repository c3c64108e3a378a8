/**
 * One question at a time, drawn by the shared quiz component (`@lp/ui/quiz`, as in the learn quiz): each answer is
 * saved on the server (its note gets the focus, then Next); the last Next finishes the attempt. The timer is shown
 * (not in untimed mode) but never ends the attempt.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Card } from '@lp/ui';
import { QuizFeedback, QuizProgress, QuizQuestion } from '@lp/ui/quiz';
import { errorCodeOf } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { guestChallengeApi } from '../../guest-api.ts';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { clock, useSpokenDuration } from '../../play/format.ts';
import { usePlayT } from '../../i18n/play.ts';

function useElapsed(startedAt: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return Math.max(0, Math.round((now - new Date(startedAt).getTime()) / 1000));
}

export function Play({ token, attempt, onChange }: { token: string; attempt: StoredAttempt; onChange: (a: StoredAttempt | null) => void }) {
  const id = useId();
  const question = attempt.questions[attempt.index]!;
  const feedback = attempt.feedback[question.id];
  const last = attempt.index === attempt.questions.length - 1;
  const [choice, setChoice] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const elapsed = useElapsed(attempt.startedAt);
  const isShort = question.type === 'short_answer';
  const t = usePlayT();
  const spokenDuration = useSpokenDuration();

  useEffect(() => { setChoice(''); setError(null); headingRef.current?.focus(); }, [question.id]);
  useEffect(() => { if (feedback) feedbackRef.current?.focus(); }, [feedback]);

  const submit = async () => {
    if (feedback || busy) return;
    if (choice.trim() === '') { setError(isShort ? t('play.typeFirst') : t('play.chooseFirst')); return; }
    const given: number | string = isShort ? choice.trim() : Number(choice);
    setBusy(true);
    let saved: boolean;
    try {
      await guestChallengeApi.answer(token, attempt.attemptId, attempt.attemptKey, question.id, given);
      saved = true;
    } catch (e) {
      if (errorCodeOf(e) === 'ATTEMPT_NOT_FOUND') { onChange(null); return; }
      // Spec §8: a failed answer lookup is treated as incorrect.
      saved = false;
    }
    setBusy(false);
    onChange({ ...attempt, feedback: { ...attempt.feedback, [question.id]: { given, saved } } });
  };

  const next = async () => {
    if (!last) { onChange({ ...attempt, index: attempt.index + 1 }); return; }
    setBusy(true);
    try {
      const result = await guestChallengeApi.finish(token, attempt.attemptId, attempt.attemptKey);
      onChange({ ...attempt, result });
    } catch (e) {
      setError(errorTextOf(e, t('play.submitFailed')));
      setBusy(false);
    }
  };

  // The chosen option stays coloured; right or wrong is only known with the results (no key before the end).
  const given = feedback?.given;
  const chosen = typeof given === 'number' ? given : choice === '' || isShort ? null : Number(choice);
  const { index, questions } = attempt;
  return (
    <Card>
      {/* A word, not the stopwatch emoji: many Android phones draw that as an empty box. */}
      <div className="lp-quiz__meta">
        <span>{t('play.questionOf', { n: index + 1, total: questions.length })}</span>
        {!attempt.untimed && <span role="timer" aria-label={t('play.timeTaken', { duration: spokenDuration(elapsed) })}><span aria-hidden="true">{t('play.time', { clock: clock(elapsed) })}</span></span>}
      </div>
      <QuizProgress done={index + (feedback ? 1 : 0)} total={questions.length} />
      <form className="lp-challenge__play" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <QuizQuestion
          id={id}
          headingRef={headingRef}
          text={question.text}
          hi={question.hi}
          figureReference={question.figureReference}
          shortAnswer={isShort}
          options={question.options}
          chosen={chosen}
          typed={typeof given === 'string' ? given : choice}
          locked={Boolean(feedback) || busy}
          onChoose={(i) => setChoice(String(i))}
          onType={setChoice}
          onEnter={() => void submit()}
        />
        {error && !feedback && <p className="lp-challenge__error" role="alert">{error}</p>}
        {!feedback && (
          <div className="lp-challenge__actions"><Button type="submit" disabled={busy}>{busy ? t('play.saving') : t('play.submit')}</Button></div>
        )}
      </form>
      {feedback && (
        <QuizFeedback focusRef={feedbackRef} tone={feedback.saved ? 'plain' : 'wrong'} title={feedback.saved ? t('play.saved') : t('play.notSaved')}>
          {error && <p className="lp-challenge__error" role="alert">{error}</p>}
          <div className="lp-challenge__actions">
            <Button onClick={() => void next()} disabled={busy}>{last ? (busy ? t('play.submitting') : t('play.seeResults')) : t('play.next')}</Button>
          </div>
        </QuizFeedback>
      )}
    </Card>
  );
}
