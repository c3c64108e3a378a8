// /c/:token's states past test/pages.test.tsx (intro, not found, expired, name required, a refused start, the play
// to the results): loading, the service failing (then Retry), an answer that could not be saved, finishing refused
// (the server's message, else 'Failed to submit challenge results.'), and the results' claim for a guest, a
// signed-in player, and a refused claim (spec §4, §8). The API is faked at the fetch boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AttemptResult } from '@lp/contracts';
import { useSession } from '@lp/web-platform';
import { setLanguage } from '@lp/web-platform/i18n';
import { apiError, fakeApi, heldReply, renderPage } from '@lp/web-platform/testing';
import { ANSWER_NOT_SAVED, ChallengeLinkPage, NOT_FOUND_TITLE, SUBMIT_FAILED } from '../../src/pages/ChallengeLinkPage.tsx';
import { saveAttempt, type StoredAttempt } from '../../src/play/attemptStore.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const INTRO_URL = `GET /api/challenges/token/${TOKEN}`;
const intro = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', kind: 'link', challengerName: 'Ravi Subscriber', challengerScore: 80, challengerTime: 95,
  challengerCorrectAnswers: 4, challengerTotalQuestions: 5, message: null, subjectName: 'Biology', chapterName: 'Evolution', questionCount: 1, uses: 0, maxUses: 3,
  expiresAt: '2026-03-09T06:00:00.000Z',
};
const question = { id: 'ddddddddddddddddddddddd1', text: 'Powerhouse of the cell?', type: 'multiple_choice' as const, options: ['Nucleus', 'Mitochondrion'], figureReference: null };
const attempt: StoredAttempt = {
  attemptId: 'eeeeeeeeeeeeeeeeeeeeeee1', attemptKey: 'k'.repeat(43), name: 'Gita', startedAt: new Date().toISOString(),
  questions: [question], feedback: {}, index: 0, result: null,
};
const ATTEMPT_URL = `/api/challenges/token/${TOKEN}/attempts/${attempt.attemptId}`;
const result = (over: Partial<AttemptResult> = {}): AttemptResult => ({
  attemptId: attempt.attemptId, name: 'Gita', score: 100, correctAnswers: 1, totalQuestions: 1, timeSpent: 30, winner: 'friend',
  challengerName: 'Ravi Subscriber', challengerScore: 80, challengerTime: 95, challengerCorrectAnswers: 4, challengerTotalQuestions: 5,
  canClaim: true, claimedBy: null,
  review: [{ questionId: question.id, answered: true, isCorrect: true, correctAnswer: 'Mitochondrion', correctIndex: 1, explanation: 'Mitochondria run cellular respiration.' }],
  ...over,
} as AttemptResult);
const page = () => renderPage(<ChallengeLinkPage params={{ token: TOKEN }} />);

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.setState({ status: 'unauthenticated', user: null, error: null });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
  window.localStorage.clear();
});

describe('/c/:token: the intro', () => {
  it('says it is loading until the challenge comes', async () => {
    const held = heldReply();
    fakeApi({ [INTRO_URL]: held.handler });
    page();
    expect(screen.getByRole('status').textContent).toBe('Loading the challenge…');
    held.answer({ body: intro });
    await screen.findByRole('heading', { name: 'Ravi Subscriber challenged you' });
    expect(screen.queryByText('Loading the challenge…')).toBeNull();
  });

  it('says it could not be loaded when the service fails (not Challenge Not Found), and Retry loads it', async () => {
    let fail = true;
    fakeApi({ [INTRO_URL]: () => (fail ? apiError(503, 'Challenge is unavailable') : { body: intro }) });
    page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The challenge could not be loaded. Please try again.');
    expect(screen.queryByRole('heading', { name: NOT_FOUND_TITLE })).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Ravi Subscriber challenged you' });
  });
});

describe('/c/:token: the first screen on a phone (issue 31, item 13)', () => {
  it('says what the quiz is on up front: subject, chapter, number of questions', async () => {
    fakeApi({ [INTRO_URL]: { body: intro } });
    page();
    const heading = await screen.findByRole('heading', { name: 'Ravi Subscriber challenged you' });
    const what = screen.getByText('Biology · Evolution · 1 question');
    expect(heading.compareDocumentPosition(what) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("asks a guest's name and offers Take the Quiz before the challenger's numbers", async () => {
    fakeApi({ [INTRO_URL]: { body: intro } });
    page();
    const name = await screen.findByLabelText('Your name');
    const start = screen.getByRole('button', { name: 'Take the Quiz' });
    const numbers = screen.getByText('Their score');
    const before = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(before(name, numbers)).toBe(true);
    expect(before(start, numbers)).toBe(true);
  });
});

describe('/c/:token: untimed mode (issue 33 §3)', () => {
  const START_URL = `POST /api/challenges/token/${TOKEN}/attempts`;
  const started = (untimed: boolean) => ({ body: { attemptId: attempt.attemptId, attemptKey: attempt.attemptKey, name: 'Gita', startedAt: attempt.startedAt, untimed, questions: [question] } });

  it('a guest ticks Untimed mode on the start form: the start says so and the quiz shows no timer', async () => {
    const calls = fakeApi({ [INTRO_URL]: { body: intro }, [START_URL]: started(true) });
    page();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Gita' } });
    const untimed = screen.getByRole('checkbox', { name: /^Untimed mode: hide timers/ }) as HTMLInputElement;
    expect(untimed.checked).toBe(false);
    fireEvent.click(untimed);
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    await screen.findByText('Question 1 of 1');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ guestName: 'Gita', untimed: true });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("a signed-in player's account setting ticks it, and an untimed challenger's time shows as Untimed", async () => {
    useSession.setState({ status: 'authenticated', error: null, user: { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', email: 'gita@example.test', firstName: 'Gita', lastName: 'Learner', role: 'learner', untimed: true } });
    const calls = fakeApi({ [INTRO_URL]: { body: { ...intro, challengerUntimed: true } }, [START_URL]: started(true) });
    page();
    const untimed = await screen.findByRole('checkbox', { name: /^Untimed mode: hide timers/ }) as HTMLInputElement;
    expect(untimed.checked).toBe(true);
    expect(screen.getByText('Their time').nextElementSibling!.textContent).toBe('Untimed');
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    await screen.findByText('Question 1 of 1');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ untimed: true });
  });
});

describe('/c/:token: playing', () => {
  beforeEach(() => saveAttempt(TOKEN, attempt));

  it('shows the time taken in words and digits, without an emoji a phone may draw as a box (issue 31, item 14)', async () => {
    fakeApi({ [INTRO_URL]: { body: intro } });
    page();
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^Time \d+:\d{2}$/);
  });

  it('shows a Hindi student a bilingual question in Hindi, switchable to English, and sends the chosen option\'s index', async () => {
    document.documentElement.lang = 'hi';
    try {
      saveAttempt(TOKEN, { ...attempt, questions: [{ ...question, hi: { question: 'कोशिका का ऊर्जा घर?', options: ['केन्द्रक', 'माइटोकॉन्ड्रिया'] } }] });
      const calls = fakeApi({ [INTRO_URL]: { body: intro }, [`POST ${ATTEMPT_URL}/answers`]: { body: { recorded: true } } });
      page();
      expect(await screen.findByRole('heading', { name: 'कोशिका का ऊर्जा घर?' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'View in English' }));
      expect(screen.getByRole('heading', { name: 'Powerhouse of the cell?' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी में देखें' }));
      fireEvent.click(screen.getByLabelText('माइटोकॉन्ड्रिया'));
      fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await screen.findByRole('button', { name: 'See Results' });
      expect(calls.find((c) => c.path.endsWith('/answers'))!.body).toMatchObject({ questionId: question.id, answer: 1 });
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('says an answer that could not be saved counts as incorrect, and goes on', async () => {
    fakeApi({ [INTRO_URL]: { body: intro }, [`POST ${ATTEMPT_URL}/answers`]: apiError(503, 'Challenge is unavailable') });
    page();
    fireEvent.click(await screen.findByLabelText('Mitochondrion'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByText(ANSWER_NOT_SAVED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See Results' })).toBeTruthy();
  });

  it("says why finishing was refused (the server's message), else 'Failed to submit challenge results.'", async () => {
    let refusal = apiError(409, 'This attempt was already finished.');
    fakeApi({
      [INTRO_URL]: { body: intro },
      [`POST ${ATTEMPT_URL}/answers`]: { body: { counted: true } },
      [`POST ${ATTEMPT_URL}/finish`]: () => refusal,
    });
    page();
    fireEvent.click(await screen.findByLabelText('Mitochondrion'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'See Results' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This attempt was already finished.');
    refusal = { status: 502, body: undefined };
    fireEvent.click(screen.getByRole('button', { name: 'See Results' }));
    await screen.findByText(SUBMIT_FAILED);
    expect(screen.queryByRole('heading', { name: 'Challenge Complete' })).toBeNull();
  });
});

describe('/c/:token: the results', () => {
  it('congratulates a winner and offers a guest to sign in to claim', async () => {
    saveAttempt(TOKEN, { ...attempt, result: result() });
    const calls = fakeApi({ [INTRO_URL]: { body: intro } });
    page();
    await screen.findByRole('heading', { name: 'Challenge Complete' });
    expect(screen.getByText("Congratulations! You beat Ravi Subscriber's score!")).toBeTruthy();
    expect(screen.getByText('Sign in to keep this result in your account.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in to claim' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('claims the result for a signed-in player: Saved to your account.', async () => {
    useSession.setState({ status: 'authenticated', error: null, user: { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', email: 'gita@example.test', firstName: 'Gita', lastName: 'Learner', role: 'learner', selectedClass: null, selectedSubject: null } });
    saveAttempt(TOKEN, { ...attempt, result: result() });
    const calls = fakeApi({
      [INTRO_URL]: { body: intro },
      [`POST /api/challenges/attempts/${attempt.attemptId}/claim`]: { body: result({ canClaim: false, claimedBy: 'aaaaaaaaaaaaaaaaaaaaaaa2' }) },
    });
    page();
    expect((await screen.findByText('Saved to your account.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Sign in to claim' })).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/claim'))!.body).toEqual({ attemptKey: attempt.attemptKey });
  });

  it("says why a claim was refused (the server's message)", async () => {
    useSession.setState({ status: 'authenticated', error: null, user: { id: 'aaaaaaaaaaaaaaaaaaaaaaa1', email: 'ravi@example.test', firstName: 'Ravi', lastName: 'Subscriber', role: 'learner', selectedClass: null, selectedSubject: null } });
    saveAttempt(TOKEN, { ...attempt, result: result() });
    fakeApi({
      [INTRO_URL]: { body: intro },
      [`POST /api/challenges/attempts/${attempt.attemptId}/claim`]: apiError(409, 'You cannot claim a result on your own challenge.'),
    });
    page();
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot claim a result on your own challenge.');
    expect(screen.queryByText('Saved to your account.')).toBeNull();
  });
});

describe('/c/:token: Challenge back (issue 31, item 14)', () => {
  const gita = { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', email: 'gita@example.test', firstName: 'Gita', lastName: 'Learner', role: 'learner' as const, selectedClass: null, selectedSubject: null };
  const BACK = `POST /api/challenges/attempts/${attempt.attemptId}/challenge-back`;
  const created = { id: 'ccccccccccccccccccccccc9', token: 'ZyXwVuTsRqPoNmLkJiHgFe', kind: 'direct', expiresAt: '2026-03-09T06:00:00.000Z', maxUses: 1 };

  it('sends the challenger the same quiz for a signed-in player', async () => {
    useSession.setState({ status: 'authenticated', error: null, user: gita });
    saveAttempt(TOKEN, { ...attempt, result: result({ canClaim: false }) });
    const calls = fakeApi({ [INTRO_URL]: { body: intro }, [BACK]: { body: created } });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Challenge Ravi Subscriber back' }));
    expect((await screen.findByText(/^Challenge sent!/)).getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c.path.endsWith('/challenge-back'))).toHaveLength(1);
  });

  it('tells a free learner that challenges are Premium, with the way to it', async () => {
    useSession.setState({ status: 'authenticated', error: null, user: gita });
    saveAttempt(TOKEN, { ...attempt, result: result({ canClaim: false }) });
    fakeApi({ [INTRO_URL]: { body: intro }, [BACK]: apiError(403, 'Challenging friends is part of Premium. Subscribe to challenge your friends.', 'NOT_ENTITLED') });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Challenge Ravi Subscriber back' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Challenging friends is part of Premium.');
    expect(within(alert).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/subscribe');
  });

  it('back from signing in as a guest: claims the result, then sends the challenge without a second tap', async () => {
    window.history.replaceState(null, '', `/c/${TOKEN}?then=challenge-back`);
    useSession.setState({ status: 'authenticated', error: null, user: gita });
    saveAttempt(TOKEN, { ...attempt, result: result() });
    const calls = fakeApi({
      [INTRO_URL]: { body: intro },
      // As the server answers a claim: no review (only finishing sends the keys).
      [`POST /api/challenges/attempts/${attempt.attemptId}/claim`]: { body: { ...result({ canClaim: false, claimedBy: gita.id }), review: undefined } },
      [BACK]: { body: created },
    });
    page();
    await screen.findByText(/^Challenge sent!/);
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path.split('/').pop());
    expect(posts).toEqual(['claim', 'challenge-back']);
    // The review stays on screen after the claim (whose answer carries no keys).
    expect(screen.getByRole('region', { name: 'No mistakes' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});

describe('/c/:token in Hindi (issue 33 §1)', () => {
  it('a guest plays the link in Hindi: the intro, the play screen and the results', async () => {
    await setLanguage('hi');
    fakeApi({
      [INTRO_URL]: { body: intro },
      [`POST /api/challenges/token/${TOKEN}/attempts`]: { body: { attemptId: attempt.attemptId, attemptKey: attempt.attemptKey, name: 'Gita', startedAt: attempt.startedAt, questions: [question] } },
      [`POST ${ATTEMPT_URL}/answers`]: { body: { counted: true } },
      [`POST ${ATTEMPT_URL}/finish`]: { body: result() },
    });
    page();
    await screen.findByRole('heading', { name: 'Ravi Subscriber ने आपको चुनौती दी है' });
    expect(screen.getByText('Biology · Evolution · 1 प्रश्न')).toBeTruthy();
    // Times are spoken in Hindi too (the challenger's 95 s; the timer; both sides of the results).
    expect(screen.getByText('1 मिनट 35 सेकंड')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'क्विज़ शुरू करें' }));
    expect((await screen.findByRole('alert')).textContent).toBe('नाम ज़रूरी है, चुनौती शुरू करने के लिए कृपया अपना नाम लिखें।');
    fireEvent.change(screen.getByLabelText('आपका नाम'), { target: { value: 'Gita' } });
    fireEvent.click(screen.getByRole('button', { name: 'क्विज़ शुरू करें' }));
    expect(await screen.findByText('प्रश्न 1 / 1')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/ सेकंड$/);
    fireEvent.click(await screen.findByLabelText('Mitochondrion'));
    fireEvent.click(screen.getByRole('button', { name: 'उत्तर जमा करें' }));
    fireEvent.click(await screen.findByRole('button', { name: 'नतीजे देखें' }));
    await screen.findByRole('heading', { name: 'चुनौती पूरी हुई' });
    expect(screen.getByText('बधाई हो! आपने Ravi Subscriber से ज़्यादा अंक पाए!')).toBeTruthy();
    expect(screen.getByText('30 सेकंड')).toBeTruthy();
    expect(screen.queryByText(/\b(minute|second)s?\b/)).toBeNull();
    expect(screen.getByText('Gita जीत गए!')).toBeTruthy();
  });

  it("a Hindi reader gets the service's refusal in Hindi, by its code: a start refused, an expired link with its date", async () => {
    await setLanguage('hi');
    fakeApi({
      [INTRO_URL]: { body: intro },
      [`POST /api/challenges/token/${TOKEN}/attempts`]: apiError(429, 'Too many attempts were started from here. Please wait a while and try again.', 'RATE_LIMITED'),
    });
    page();
    fireEvent.change(await screen.findByLabelText('आपका नाम'), { target: { value: 'Gita' } });
    fireEvent.click(screen.getByRole('button', { name: 'क्विज़ शुरू करें' }));
    expect((await screen.findByRole('alert')).textContent).toBe('बहुत कम समय में बहुत ज़्यादा अनुरोध हुए। थोड़ी देर बाद फिर कोशिश करें।');
    cleanup();
    fakeApi({ [INTRO_URL]: apiError(404, 'Challenge expired on 9 Mar 2026', 'EXPIRED') });
    page();
    expect(await screen.findByText(/^चुनौती 9 .+ 2026 को समाप्त हो गई$/)).toBeTruthy();
  });
});
