/**
 * /c/:token: play a shared challenge, with or without an account (spec §2, §4). The intro shows the challenger's
 * numbers; a guest gives a name; the attempt starts on the server, which returns the questions without answers
 * and a secret attempt key (kept in this tab's sessionStorage). Each answer is saved on the server (its note gets the
 * focus, then Next); right or wrong, the answer and the explanation of every question come with the results, once
 * the attempt is finished, so no attempt can read the keys for another. The timer is shown but never ends the
 * attempt. The results sit side by side, with each question's review; a guest can sign in to claim them.
 *
 * This page is in the remote's first chunk: keep it light (no extra libraries).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AttemptResult, ChallengeIntro } from '@lp/contracts';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorCodeOf, errorMessageOf, LOGIN_URL, statusOf, useUser } from '@lp/web-platform';
import { SUCCESS_SCORE } from '@lp/question-rules/rating';
import { challengeApi } from '../api.ts';
import { heading } from '@lp/web-platform/heading';
import { loadAttempt, saveAttempt, type StoredAttempt } from '../play/attemptStore.ts';
import { clock, dateText, spokenDuration } from '../play/format.ts';
import { SideBySide } from '../play/SideBySide.tsx';
import '../challenge.css';

export const NOT_FOUND_TITLE = 'Challenge Not Found';
export const NOT_FOUND_TEXT = 'This challenge may have expired or doesn\u2019t exist.';
export const NAME_REQUIRED = 'Name Required, Please enter your name to start the challenge.';
export const SUBMIT_FAILED = 'Failed to submit challenge results.';
export const ATTEMPT_FAILED = 'Failed to submit attempt';
export const CHALLENGE_TITLE = heading('You have been challenged');
export const CHALLENGE_SUBTITLE = "Can you beat your friend's score?";
export const HOW_IT_WORKS = 'Answer the same questions, then see both scores side by side, with the right answers and explanations. The timer only shows how long you take: it never ends your attempt.';
export const ANSWER_SAVED = 'Answer saved. You will see whether it was right, with the explanation, in your results.';
export const ANSWER_NOT_SAVED = 'Your answer could not be saved, so it counts as incorrect.';

type IntroState = { name: 'loading' } | { name: 'missing'; message: string } | { name: 'failed' } | { name: 'ready'; intro: ChallengeIntro };

export function ChallengeLinkPage({ params }: { params: { token?: string } }) {
  const token = params.token ?? '';
  const [state, setState] = useState<IntroState>({ name: 'loading' });
  const [attempt, setAttempt] = useState<StoredAttempt | null>(() => loadAttempt(token));
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ name: 'loading' });
    challengeApi.intro(token).then(
      (intro) => live && setState({ name: 'ready', intro }),
      (error: unknown) => {
        if (!live) return;
        // A link cut short or mistyped (400: not a token's shape) is as missing as an unknown one.
        const missing = statusOf(error) === 404 || statusOf(error) === 400;
        const message = errorCodeOf(error) === 'EXPIRED' ? errorMessageOf(error, NOT_FOUND_TEXT) : NOT_FOUND_TEXT;
        setState(missing ? { name: 'missing', message } : { name: 'failed' });
      },
    );
    return () => { live = false; };
  }, [token, reload]);

  const update = (next: StoredAttempt | null) => {
    saveAttempt(token, next);
    setAttempt(next);
  };

  let body;
  if (attempt?.result) body = <Results token={token} attempt={attempt} result={attempt.result} onChange={update} />;
  else if (attempt) body = <Play token={token} attempt={attempt} onChange={update} />;
  else if (state.name === 'loading') body = <Spinner label="Loading the challenge…" />;
  else if (state.name === 'missing') body = <ErrorState title={NOT_FOUND_TITLE} message={state.message} />;
  else if (state.name === 'failed') body = <ErrorState message="The challenge could not be loaded. Please try again." onRetry={() => setReload((n) => n + 1)} />;
  else body = <Intro token={token} intro={state.intro} onStarted={update} />;

  // Before playing, the subtitle also says how it works: a guest may never have seen the product. It is the page's
  // largest text, and it is in the prerendered page (scripts/prerender.tsx), so a phone paints it first.
  const subtitle = attempt || state.name === 'missing' || state.name === 'failed' ? CHALLENGE_SUBTITLE : `${CHALLENGE_SUBTITLE} ${HOW_IT_WORKS}`;
  return (
    <PageFrame title={CHALLENGE_TITLE} subtitle={subtitle} width="narrow">
      <div className="lp-challenge">{body}</div>
    </PageFrame>
  );
}

function Intro({ token, intro, onStarted }: { token: string; intro: ChallengeIntro; onStarted: (a: StoredAttempt) => void }) {
  const { signedIn, status } = useUser();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn && name.trim().length < 2) {
      setError(NAME_REQUIRED);
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const started = await challengeApi.start(token, signedIn ? undefined : name.trim());
      onStarted({ ...started, feedback: {}, index: 0, result: null });
    } catch (e) {
      setError(errorMessageOf(e, ATTEMPT_FAILED));
      setBusy(false);
    }
  };

  return (
    <Card title={`${intro.challengerName} challenged you`}>
      {intro.message && <p>{intro.message}</p>}
      <dl className="lp-challenge__facts">
        <div><dt>Their score</dt><dd>{intro.challengerScore}%</dd></div>
        <div><dt>Correct answers</dt><dd>{intro.challengerCorrectAnswers} of {intro.challengerTotalQuestions}</dd></div>
        <div><dt>Their time</dt><dd><span aria-hidden="true">{clock(intro.challengerTime)}</span><span className="lp-visually-hidden">{spokenDuration(intro.challengerTime)}</span></dd></div>
        <div><dt>Questions</dt><dd>{intro.questionCount}</dd></div>
        <div><dt>Played</dt><dd>{intro.uses} / {intro.maxUses ?? <span aria-label="unlimited">∞</span>}</dd></div>
        <div><dt>Expires</dt><dd>{dateText(intro.expiresAt)}</dd></div>
      </dl>
      <form onSubmit={(e) => void start(e)} noValidate>
        {!signedIn && status !== 'loading' && (
          <div className="lp-challenge__field">
            <label htmlFor="lp-guest-name">Your name</label>
            <input
              id="lp-guest-name" ref={nameField} value={name} maxLength={50} autoComplete="given-name"
              aria-invalid={error === NAME_REQUIRED} aria-describedby={error ? 'lp-start-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
        {error && <p id="lp-start-error" className="lp-challenge__error" role="alert">{error}</p>}
        <div className="lp-challenge__actions">
          <Button type="submit" disabled={busy}>{busy ? 'Starting…' : 'Take the Quiz'}</Button>
        </div>
      </form>
    </Card>
  );
}

function useElapsed(startedAt: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return Math.max(0, Math.round((now - new Date(startedAt).getTime()) / 1000));
}

function Play({ token, attempt, onChange }: { token: string; attempt: StoredAttempt; onChange: (a: StoredAttempt | null) => void }) {
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
      <div className="lp-challenge__meta">
        <span>Question {attempt.index + 1} of {attempt.questions.length}</span>
        <span role="timer" aria-label={`Time taken: ${spokenDuration(elapsed)}`}><span aria-hidden="true">⏱ {clock(elapsed)}</span></span>
      </div>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset className="lp-challenge__options" disabled={Boolean(feedback) || busy}>
          <legend ref={legendRef} tabIndex={-1}>{question.text}</legend>
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
                {option}
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

function Results({ token, attempt, result, onChange }: { token: string; attempt: StoredAttempt; result: AttemptResult; onChange: (a: StoredAttempt) => void }) {
  const { signedIn } = useUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [claimError, setClaimError] = useState<string | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // Back from signing in: the result moves to the account, once.
  useEffect(() => {
    if (!signedIn || !result.canClaim) return;
    challengeApi.claim(attempt.attemptId, attempt.attemptKey).then(
      (claimed) => onChange({ ...attempt, result: claimed }),
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
        left={{ label: 'You', name: result.name, score: result.score, correctAnswers: result.correctAnswers, totalQuestions: result.totalQuestions, timeSpent: result.timeSpent }}
        right={{ label: 'Challenger', name: result.challengerName, score: result.challengerScore, correctAnswers: result.challengerCorrectAnswers, totalQuestions: result.challengerTotalQuestions, timeSpent: result.challengerTime }}
      />
      {result.review && <Review questions={attempt.questions} review={result.review} />}
      {result.canClaim && !signedIn && (
        <div className="lp-challenge__actions">
          <p className="lp-quiz__hint">Sign in to keep this result in your account.</p>
          <Button onClick={signInToClaim}>Sign in to claim</Button>
        </div>
      )}
      {result.claimedBy && <p role="status">Saved to your account.</p>}
      {claimError && <p className="lp-challenge__error" role="alert">{claimError}</p>}
    </Card>
  );
}

/** Each question with right or wrong, the right answer and its explanation: shown only once the attempt is finished. */
function Review({ questions, review }: { questions: StoredAttempt['questions']; review: NonNullable<AttemptResult['review']> }) {
  const byId = new Map(review.map((r) => [r.questionId, r]));
  return (
    <section aria-label="Your answers">
      <h3 className="lp-card__title">Your answers</h3>
      <ol className="lp-challenge__review">
        {questions.map((q) => {
          const r = byId.get(q.id);
          if (!r) return null;
          return (
            <li key={q.id} className={`lp-challenge__feedback ${r.isCorrect ? 'lp-challenge__feedback--right' : 'lp-challenge__feedback--wrong'}`}>
              <p>{q.text}</p>
              <p><strong>{r.isCorrect ? 'Correct!' : r.answered ? 'Incorrect' : 'Not answered'}</strong></p>
              {!r.isCorrect && <p>Correct answer: {r.correctAnswer}</p>}
              {r.explanation && <p>{r.explanation}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
