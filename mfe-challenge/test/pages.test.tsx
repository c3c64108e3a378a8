// The challenge pages' states and messages (spec §8, word for word), with the challenge API answered by the fetch
// stand-in of every remote's tests (@lp/web-platform/testing), replying as svc-challenge does. The whole flow against
// the real services is in e2e/challenge.e2e.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSession } from '@lp/web-platform';
import { ChallengeLinkPage } from '../src/pages/ChallengeLinkPage.tsx';
import { CreateChallengeDialog, MESSAGES } from '../src/CreateChallengeDialog.tsx';
import { fakeApi as serve, renderPage } from '@lp/web-platform/testing';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const intro = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', kind: 'link', challengerName: 'Ravi Subscriber', challengerScore: 80, challengerTime: 95,
  challengerCorrectAnswers: 4, challengerTotalQuestions: 5, message: null, questionCount: 5, uses: 2, maxUses: null,
  expiresAt: '2026-03-09T06:00:00.000Z',
};
const page = () => renderPage(<ChallengeLinkPage params={{ token: TOKEN }} />);

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.setState({ status: 'unauthenticated', user: null, error: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/c/:token', () => {
  it('shows the challenger\'s numbers, ∞ for no usage limit, and needs a guest name of 2 characters', async () => {
    const calls = serve({ [`GET /api/challenges/token/${TOKEN}`]: { body: intro } });
    page();
    await screen.findByRole('heading', { name: 'Ravi Subscriber challenged you' });
    expect(screen.getByText('80%')).toBeTruthy();
    expect(screen.getByLabelText('unlimited').textContent).toBe('∞');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: ' A ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name Required, Please enter your name to start the challenge.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says Challenge Not Found for an invalid or used-up link, and when it expired', async () => {
    serve({ [`GET /api/challenges/token/${TOKEN}`]: { status: 404, body: { statusCode: 404, message: 'Challenge Not Found. This challenge may have expired or doesn\u2019t exist.', code: 'USED_UP' } } });
    page();
    await screen.findByRole('heading', { name: 'Challenge Not Found' });
    expect(screen.getByText('This challenge may have expired or doesn\u2019t exist.')).toBeTruthy();
    cleanup();
    serve({ [`GET /api/challenges/token/${TOKEN}`]: { status: 404, body: { statusCode: 404, message: 'Challenge expired on 9 Mar 2026', code: 'EXPIRED' } } });
    page();
    await screen.findByText('Challenge expired on 9 Mar 2026');
    cleanup();
    // A link cut short (`/c/abc`): the token's shape is refused before any lookup.
    serve({ [`GET /api/challenges/token/${TOKEN}`]: { status: 400, body: { statusCode: 400, message: 'params/token must match pattern', code: 'FST_ERR_VALIDATION' } } });
    page();
    await screen.findByRole('heading', { name: 'Challenge Not Found' });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the server\'s message when an attempt cannot start, else "Failed to submit attempt"', async () => {
    serve({
      [`GET /api/challenges/token/${TOKEN}`]: { body: intro },
      [`POST /api/challenges/token/${TOKEN}/attempts`]: { status: 429, body: { statusCode: 429, message: 'Too many attempts were started from here. Please wait a while and try again.' } },
    });
    page();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Gita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts were started from here. Please wait a while and try again.');
  });
});

describe('/c/:token playing', () => {
  const questions = [
    { id: 'ddddddddddddddddddddddd1', text: 'Powerhouse of the cell?', type: 'mcq', options: ['Nucleus', 'Mitochondrion'], figureReference: null },
    { id: 'ddddddddddddddddddddddd2', text: 'DNA is a double helix.', type: 'true_false', options: ['True', 'False'], figureReference: null },
  ];
  const attempt = { attemptId: 'eeeeeeeeeeeeeeeeeeeeeee1', attemptKey: 'k'.repeat(43), name: 'Gita', startedAt: new Date().toISOString(), questions };
  const result = {
    attemptId: attempt.attemptId, name: 'Gita', score: 50, correctAnswers: 1, totalQuestions: 2, timeSpent: 30, winner: 'challenger',
    challengerName: 'Ravi Subscriber', challengerScore: 80, challengerTime: 95, challengerCorrectAnswers: 4, challengerTotalQuestions: 5,
    canClaim: true, claimedBy: null, chapterId: 'fffffffffffffffffffffff1',
    review: [
      { questionId: questions[0]!.id, answered: true, isCorrect: false, correctAnswer: 'Mitochondrion', correctIndex: 1, explanation: 'Mitochondria run cellular respiration.' },
      { questionId: questions[1]!.id, answered: true, isCorrect: true, correctAnswer: 'True', correctIndex: 0, explanation: 'Watson and Crick.' },
    ],
  };

  it('says only that each answer was saved; the results review the mistakes and offer the chapter', async () => {
    serve({
      [`GET /api/challenges/token/${TOKEN}`]: { body: intro },
      [`POST /api/challenges/token/${TOKEN}/attempts`]: { body: attempt },
      [`POST /api/challenges/token/${TOKEN}/attempts/${attempt.attemptId}/answers`]: { body: { counted: true } },
      [`POST /api/challenges/token/${TOKEN}/attempts/${attempt.attemptId}/finish`]: { body: result },
    });
    page();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Gita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    for (const [i, option] of [[0, 'Nucleus'], [1, 'True']] as const) {
      // The main quiz's look: a progress bar, options as cards, the chosen one marked.
      fireEvent.click(await screen.findByLabelText(option));
      expect(screen.getByRole('progressbar', { name: 'Quiz progress' }).getAttribute('aria-valuenow')).toBe(String(i * 50));
      expect(screen.getByLabelText(option).closest('.lp-quiz-option')!.getAttribute('data-tone')).toBe('chosen');
      fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await screen.findByText('Answer saved. You will see whether it was right, with the explanation, in your results.');
      expect(screen.queryByText(/^(Correct!|Incorrect)$/)).toBeNull();
      expect(screen.queryByText(/Correct answer/)).toBeNull(); // no key before the attempt is finished
      expect(screen.getByLabelText(option).closest('.lp-quiz-option')!.getAttribute('data-tone')).toBe('chosen');
      fireEvent.click(screen.getByRole('button', { name: i === 0 ? 'Next' : 'See Results' }));
    }
    await screen.findByRole('heading', { name: 'Challenge Complete' });
    const review = screen.getByRole('region', { name: 'Review your mistakes' });
    const mistakes = within(review).getAllByRole('listitem');
    expect(mistakes).toHaveLength(1); // the right answer is not a mistake
    expect(within(mistakes[0]!).getByRole('heading', { name: 'Powerhouse of the cell?' })).toBeTruthy();
    expect(mistakes[0]!.textContent).toContain('Your answer✗ Nucleus');
    expect(mistakes[0]!.textContent).toContain('Correct answer✓ Mitochondrion');
    expect(mistakes[0]!.textContent).toContain('Mitochondria run cellular respiration.');
    expect(review.textContent).not.toContain('DNA is a double helix.');
    expect(screen.getByRole('link', { name: 'Practise this chapter' }).getAttribute('href')).toBe('/quiz/chapter/fffffffffffffffffffffff1');
  });

  it('reviews a question left unanswered as "Not answered"', async () => {
    const stored = { ...attempt, index: 1, feedback: {}, result: { ...result, review: [{ ...result.review[0]!, answered: false }, result.review[1]!] } };
    sessionStorage.setItem(`lp-challenge:${TOKEN}`, JSON.stringify(stored));
    serve({ [`GET /api/challenges/token/${TOKEN}`]: { body: intro } });
    page();
    const review = await screen.findByRole('region', { name: 'Review your mistakes' });
    expect(review.textContent).toContain('Your answer✗ Not answered');
  });
});

describe('the create-challenge dialog', () => {
  const dialog = () => render(<CreateChallengeDialog open onOpenChange={() => {}} sessionId="bbbbbbbbbbbbbbbbbbbbbbb1" />);

  it('sends only the session id; says which step is missing when sending to nobody or an unknown e-mail', async () => {
    const calls = serve({
      'POST /api/challenges': (call) => ({ body: { id: 'ccccccccccccccccccccccc1', token: TOKEN, kind: 'link', expiresAt: '2026-03-09T06:00:00.000Z', maxUses: (call.body as { maxUses: number | null }).maxUses } }),
      'GET /api/users/search': { status: 404, body: { statusCode: 404, message: 'User not found: No user found with this email address.' } },
    });
    dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.noUserSelected);
    fireEvent.change(screen.getByLabelText("Friend's e-mail"), { target: { value: 'nobody@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText(MESSAGES.userNotFound);

    fireEvent.change(screen.getByLabelText('How many friends may play (empty: unlimited)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(((await screen.findByLabelText('Challenge link')) as HTMLInputElement).value).toBe(`${window.location.origin}/c/${TOKEN}`);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/challenges')!.body).toEqual({ sessionId: 'bbbbbbbbbbbbbbbbbbbbbbb1', maxUses: 5 });
    expect(MESSAGES).toMatchObject({
      created: 'Challenge Created!', copyFailed: 'Failed to copy link. Please copy manually.', sent: 'Challenge sent!',
      sendFailed: 'Error: Failed to send challenge. Please try again.',
    });
  });
});
