/**
 * One question at a time: each answer is saved on the server (its note gets the focus, then Next); the last Next
 * finishes the attempt. The timer is shown but never ends the attempt.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Card } from '@lp/ui';
import { RichText } from '@lp/ui/rich-text';
import { errorCodeOf, errorMessageOf } from '@lp/web-platform';
import { challengeApi } from '../../api.ts';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { clock, spokenDuration } from '../../play/format.ts';
import { ANSWER_NOT_SAVED, ANSWER_SAVED, SUBMIT_FAILED } from './texts.ts';

function useElapsed(startedAt: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return Math.max(0, Math.round((now - new Date(startedAt).getTime()) / 1000));
}

export function Play({ token, attempt, onChange }: { token: string; attempt: StoredAttempt; onChange: (a: StoredAttempt | null) => void }) {
  const question = attempt.questions[attempt.index]!;
  const feedback = attempt.feedback[question.id];
  const last = attempt.index === attempt.questions.length - 1;
  const [choice, setChoice] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  const elapsed = useElapsed(attempt.startedAt);
  const isShort = question.type === 'short_answer';

  useEffect(() => { setChoice(''); setError(null); legendRef.current?.focus(); }, [question.id]);
  useEffect(() => { if (feedback) feedbackRef.current?.focus(); }, [feedback]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice.trim() === '') { setError(isShort ? 'Type your answer first.' : 'Choose an answer first.'); return; }
    const given: number | string = isShort ? choice.trim() : Number(choice);
    setBusy(true);
    let saved: boolean;
    try {
      await challengeApi.answer(token, attempt.attemptId, attempt.attemptKey, question.id, given);
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
      const result = await challengeApi.finish(token, attempt.attemptId, attempt.attemptKey);
      onChange({ ...attempt, result });
    } catch (e) {
      setError(errorMessageOf(e, SUBMIT_FAILED));
      setBusy(false);
    }
  };

  return (
    <Card>
      {/* A word, not the stopwatch emoji: many Android phones draw that as an empty box. */}
      <div className="lp-challenge__meta">
        <span>Question {attempt.index + 1} of {attempt.questions.length}</span>
        <span role="timer" aria-label={`Time taken: ${spokenDuration(elapsed)}`}><span aria-hidden="true">Time {clock(elapsed)}</span></span>
      </div>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset className="lp-challenge__options" disabled={Boolean(feedback) || busy}>
          <legend ref={legendRef} tabIndex={-1}><RichText text={question.text} /></legend>
          {question.figureReference && <p className="lp-quiz__hint">See {question.figureReference}.</p>}
          {isShort ? (
            <div className="lp-challenge__field">
              <label htmlFor="lp-short-answer">Your answer</label>
              <input id="lp-short-answer" value={choice} onChange={(e) => setChoice(e.target.value)} autoComplete="off" />
            </div>
          ) : (
            question.options.map((option, i) => (
              <label key={i} className="lp-challenge__option">
                <input type="radio" name={`q-${question.id}`} value={String(i)} checked={choice === String(i) || feedback?.given === i} onChange={() => setChoice(String(i))} />
                <RichText text={option} />
              </label>
            ))
          )}
        </fieldset>
        {error && !feedback && <p className="lp-challenge__error" role="alert">{error}</p>}
        {!feedback && (
          <div className="lp-challenge__actions"><Button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Submit Answer'}</Button></div>
        )}
      </form>
      {feedback && (
        <div ref={feedbackRef} tabIndex={-1} className={`lp-challenge__feedback ${feedback.saved ? '' : 'lp-challenge__feedback--wrong'}`} aria-live="polite">
          <p>{feedback.saved ? ANSWER_SAVED : ANSWER_NOT_SAVED}</p>
          {error && <p className="lp-challenge__error" role="alert">{error}</p>}
          <div className="lp-challenge__actions">
            <Button onClick={() => void next()} disabled={busy}>{last ? (busy ? 'Submitting…' : 'See Results') : 'Next'}</Button>
          </div>
        </div>
      )}
    </Card>
  );
}
