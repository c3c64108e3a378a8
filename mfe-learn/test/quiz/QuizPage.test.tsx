import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QuizPage } from '../../src/pages/quiz/QuizPage.tsx';
import type { QuizSession } from '../../src/pages/quiz/api.ts';
import { setExposedModuleLoader } from '@lp/web-platform/exposed';
import { navigate } from '@lp/web-platform';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { LEAVE_QUIZ_CONFIRM } from '../../src/pages/quiz/useLeaveGuard.ts';
import { mockApi, renderPage, resetToasts, signInAs, signOut, type ApiCall } from '../support.tsx';

const T = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const T2 = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const C = 'ccccccccccccccccccccccc1';
const SUBJ = 'dddddddddddddddddddddd01';
const SESSION = 'eeeeeeeeeeeeeeeeeeeeeee1';
const subject = { id: SUBJ, name: 'Biology', className: 'CBSE Class 12' };
const chapter = {
  id: C, name: 'Cells', order: 1, questionCount: 2, subject,
  topics: [{ id: T, name: 'Cell', order: 1, questionCount: 2 }, { id: T2, name: 'Tissue', order: 2, questionCount: 1 }],
};
const q = (n: number, text: string, options: string[]) => ({ id: `bbbbbbbbbbbbbbbbbbbbbbb${n}`, topicId: T, chapterId: C, question: text, type: 'multiple_choice', options, difficulty: 1 });
const QUESTIONS = [q(1, 'Powerhouse of the cell?', ['Nucleus', 'Mitochondria']), q(2, 'Site of protein synthesis?', ['Ribosome', 'Vacuole'])];
const KEYS: Record<string, { correctAnswer: string; explanation: string }> = {
  [QUESTIONS[0]!.id]: { correctAnswer: 'Mitochondria', explanation: 'Mitochondria make ATP.' },
  [QUESTIONS[1]!.id]: { correctAnswer: 'Ribosome', explanation: 'Ribosomes build proteins.' },
};
const session = (extra: object = {}) => ({
  id: SESSION, userId: 'u', mode: 'topic', topicId: T, chapterId: null, subjectId: null, questionsCount: 2, questionsAnswered: 0, correctAnswers: 0,
  timeSpent: 0, isPaused: false, currentQuestionIndex: 0, resumeQuestionIndex: 0, answeredQuestionIds: [], completed: false, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
  completedAt: null, ...extra,
});
const score = (call: ApiCall) => {
  const body = call.body as { questionId: string; answer: string };
  const key = KEYS[body.questionId]!;
  return { body: { isCorrect: body.answer === key.correctAnswer, ...key, recorded: true } };
};

function subscriberApi(overrides: Record<string, unknown> = {}) {
  // Like svc-study, the stand-in scores the session from the answers it received: the runner sends no counts.
  const firsts = new Map<string, boolean>();
  const counted = (): Partial<QuizSession> => ({ questionsAnswered: firsts.size, correctAnswers: [...firsts.values()].filter(Boolean).length });
  const answers = (overrides['POST /api/answers'] as ((call: ApiCall) => unknown) | undefined) ?? score;
  return mockApi({
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'active' },
    [`GET /api/topics/${T}/with-questions`]: { id: T, name: 'Cell', description: '', order: 1, questionCount: 2, easyPercentage: 100, hardPercentage: 0, questionCountByType: { multiple_choice: 2, true_false: 0, short_answer: 0 }, chapter: { id: C, name: 'Cells', subject }, questions: QUESTIONS },
    [`GET /api/chapters/${C}`]: chapter,
    'POST /api/sessions': session(),
    [`PATCH /api/sessions/${SESSION}`]: (call: ApiCall) => ({ body: session({ ...(call.body as object), ...counted(), completed: true }) }),
    [`PATCH /api/sessions/${SESSION}/pause`]: () => ({ body: session({ isPaused: true, ...counted() }) }),
    ...overrides,
    'POST /api/answers': async (call: ApiCall) => {
      const result = (await answers(call)) as ReturnType<typeof score>;
      const questionId = (call.body as { questionId: string }).questionId;
      if (!firsts.has(questionId)) firsts.set(questionId, result.body.isCorrect);
      return result;
    },
  });
}

const open = (path: string, params: { id?: string; chapterId?: string }) => {
  window.history.replaceState(null, '', path);
  return renderPage(<QuizPage params={params} />);
};
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setExposedModuleLoader(null);
  window.history.replaceState(null, '', '/');
});

describe('the quiz runner', { timeout: 30_000 }, () => {
  it('a question: Submit Answer disabled until an answer is chosen; then the options lock, right green, wrong red, explanation', async () => {
    signInAs();
    const calls = subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByRole('heading', { level: 1, name: 'Cell' });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/sessions')).toBe(true));
    expect(calls.find((c) => c.path === '/api/sessions')!.body).toEqual({ mode: 'topic', topicId: T, questionsCount: 2, sessionId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    expect((button('Submit Answer') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(radio('Nucleus'));
    expect((button('Submit Answer') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button('Submit Answer'));

    await screen.findByText('Incorrect');
    expect(screen.getByText('Mitochondria make ATP.')).toBeTruthy();
    const nucleus = radio('Nucleus').closest('label')!;
    const mito = radio('Mitochondria').closest('label')!;
    expect(nucleus.dataset.tone).toBe('wrong');
    expect(mito.dataset.tone).toBe('correct');
    expect((radio('Mitochondria') as HTMLInputElement).disabled).toBe(true);
    const answer = calls.find((c) => c.path === '/api/answers')!.body as Record<string, unknown>;
    expect(answer).toMatchObject({ questionId: QUESTIONS[0]!.id, answer: 'Nucleus', sessionId: SESSION, mode: 'topic' });
    expect(answer.answerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer).not.toHaveProperty('isCorrect');
    expect(document.activeElement).toBe(button('Next Question'));
  });

  it('shows the running time, and none in untimed mode (issue 33 §3)', async () => {
    signInAs();
    subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText(/^Time \d+s$/);
    cleanup();
    signInAs({ untimed: true });
    subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    expect(screen.queryByText(/^Time /)).toBeNull();
  });

  it('Skip records nothing; Complete Quiz completes the session and shows score, accuracy, time, rating and the wrong answers', async () => {
    signInAs();
    const calls = subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    fireEvent.click(button('Skip'));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/answers')).toHaveLength(0);

    fireEvent.click(radio('Vacuole'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));

    await screen.findByText('Quiz Complete');
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === `/api/sessions/${SESSION}`)!;
    expect(patch.body).toEqual({ timeSpent: expect.any(Number), completed: true }); // no counts: the server's
    expect(screen.getByText('Keep Trying!')).toBeTruthy();
    expect(screen.getByText('0/1')).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
    const review = screen.getByRole('heading', { name: 'Review Your Mistakes' }).closest('section')!;
    expect(within(review).getByText('Site of protein synthesis?')).toBeTruthy();
    expect(within(review).getByText('Vacuole')).toBeTruthy();
    expect(within(review).getByText('Ribosome')).toBeTruthy();
    expect(within(review).getByText('Ribosomes build proteins.')).toBeTruthy();
    expect(screen.getByText('1 question was skipped and not counted.')).toBeTruthy();
    // Next Topic goes to the next topic of the chapter
    fireEvent.click(button('Next Topic'));
    expect(window.location.pathname).toBe(`/quiz/${T2}`);
  });

  it('a subscriber\'s finished topic quiz offers Challenge a Friend, which opens the challenge remote\'s dialog with the session id', async () => {
    signInAs();
    subscriberApi();
    const opened: string[] = [];
    function Dialog({ open: isOpen, sessionId }: { open: boolean; sessionId: string }) {
      if (isOpen) opened.push(sessionId);
      return isOpen ? <div role="dialog" aria-label="Challenge a Friend" /> : null;
    }
    setExposedModuleLoader(async (request) => (request === 'challenge/CreateChallengeDialog' ? { CreateChallengeDialog: Dialog } : null));
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    fireEvent.click(button('Skip'));
    fireEvent.click(radio('Ribosome'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));
    await screen.findByText('Quiz Complete');
    fireEvent.click(await screen.findByRole('button', { name: 'Challenge a Friend' }));
    await screen.findByRole('dialog', { name: 'Challenge a Friend' });
    expect(opened.at(-1)).toBe(SESSION);
  });

  it('a failed answer call: the learner keeps going ("Will retry"); completion sends it again with the same id first', async () => {
    signInAs();
    let fail = true;
    const calls = subscriberApi({
      'POST /api/answers': (call: ApiCall) => (fail ? Promise.reject(new TypeError('Failed to fetch')) : score(call)),
    });
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    await screen.findByText('Answer saved on this device');
    expect(screen.getByText('Will retry')).toBeTruthy();
    fireEvent.click(button('Next Question'));
    fireEvent.click(radio('Ribosome'));
    fail = false;
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));
    await screen.findByText('Quiz Complete');

    const answerCalls = calls.filter((c) => c.path === '/api/answers').map((c) => c.body as { answerId: string; questionId: string });
    const first = answerCalls.filter((b) => b.questionId === QUESTIONS[0]!.id);
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map((b) => b.answerId)).size).toBe(1);
    const order = calls.map((c) => `${c.method} ${c.path}`);
    expect(order.lastIndexOf('POST /api/answers')).toBeLessThan(order.indexOf(`PATCH /api/sessions/${SESSION}`));
    expect(screen.getByText('Excellent!')).toBeTruthy();
    expect(localStorage.getItem('lp.quiz.answerQueue.v1')).toBeNull();
  });

  it('a busy service (503 + Retry-After): the learner sees a calm "Busy", not an error, and the answer is sent once it may be', async () => {
    signInAs();
    let busy = true;
    const calls = subscriberApi({
      'POST /api/answers': (call: ApiCall) => (busy
        ? { status: 503, headers: { 'retry-after': '1' }, body: { statusCode: 503, code: 'OVERLOADED', error: 'Service Unavailable', message: 'The service is busy right now. Your request was not taken; please try again in a moment.' } }
        : score(call)),
    });
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(screen.queryByText('Starting your quiz...')).toBeNull());
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    await screen.findByText('Busy — your answer is saved and will be sent');
    expect(screen.queryByText('Will retry')).toBeNull();
    expect(screen.queryByText(/try again in a moment/)).toBeNull();
    busy = false;
    // Sent again after the service's second (plus at most half of it), with the same id.
    await screen.findByText('Saved', undefined, { timeout: 4000 });
    const sent = calls.filter((c) => c.path === '/api/answers').map((c) => (c.body as { answerId: string }).answerId);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(1);
  });

  it('a resumed quiz’s results also list the questions answered wrongly before the pause (from the server)', async () => {
    signInAs();
    const paused = session({ isPaused: true, currentQuestionIndex: 1, resumeQuestionIndex: 1, answeredQuestionIds: [QUESTIONS[0]!.id], questionsAnswered: 1, correctAnswers: 0 });
    const calls = subscriberApi({
      [`GET /api/sessions/${SESSION}`]: paused,
      [`PATCH /api/sessions/${SESSION}/resume`]: session({ currentQuestionIndex: 1, resumeQuestionIndex: 1, questionsAnswered: 1 }),
      [`GET /api/sessions/${SESSION}/incorrect-questions`]: [QUESTIONS[0]],
    });
    open(`/quiz/${T}?resume=${SESSION}`, { id: T });
    await screen.findByText('Question 2 of 2');
    fireEvent.click(radio('Ribosome'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));
    await screen.findByText('Quiz Complete');
    const earlier = await screen.findByRole('list', { name: 'Answered wrongly before you paused' });
    expect(earlier.textContent).toContain('Powerhouse of the cell?');
    expect(screen.getByRole('heading', { name: 'Review Your Mistakes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No Mistakes' })).toBeNull();
    expect(calls.some((c) => c.path === `/api/sessions/${SESSION}/incorrect-questions`)).toBe(true);
  });

  it('leaving a recorded quiz once answered by an app link asks first (cancel stays), closing the tab is warned; not before an answer', async () => {
    signInAs();
    subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    // Nothing answered yet: nothing to warn about.
    const early = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(false);
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    await screen.findByText('Correct!');
    // Armed once the session exists and an answer is given: closing the tab is then warned.
    await waitFor(() => {
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(true);
    });
    // A header link, as the shell renders it: an in-app link whose own handler routes.
    const header = document.createElement('a');
    header.href = '/dashboard';
    header.textContent = 'Dashboard';
    header.addEventListener('click', (event) => { event.preventDefault(); navigate('/dashboard'); });
    document.body.append(header);
    try {
      const confirm = vi.fn(() => false);
      vi.stubGlobal('confirm', confirm);
      fireEvent.click(header);
      expect(confirm).toHaveBeenCalledWith(LEAVE_QUIZ_CONFIRM);
      expect(window.location.pathname).toBe(`/quiz/${T}`);

      confirm.mockReturnValue(true);
      fireEvent.click(header);
      expect(window.location.pathname).toBe('/dashboard');
    } finally {
      header.remove();
    }
  });

  it('does not warn once the quiz is finished', async () => {
    signInAs();
    subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    for (const [answer, next] of [['Mitochondria', 'Next Question'], ['Ribosome', 'Complete Quiz']] as const) {
      fireEvent.click(radio(answer));
      fireEvent.click(button('Submit Answer'));
      fireEvent.click(await screen.findByRole('button', { name: next }));
    }
    await screen.findByText('Quiz Complete');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('Pause saves where the learner stopped and returns to the dashboard', async () => {
    signInAs();
    const calls = subscriberApi();
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('Question 1 of 2');
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    await screen.findByText('Correct!');
    fireEvent.click(button('Pause'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    const pause = calls.find((c) => c.path === `/api/sessions/${SESSION}/pause`)!;
    expect(pause.body).toEqual({ currentQuestionIndex: 1, timeSpent: expect.any(Number) });
  });

  it("a visitor's sample quiz has no session, sends mode sample, and ends on the results with a sign-in that returns to /subscribe", async () => {
    signOut();
    const calls = mockApi({
      [`GET /api/questions/sample/${C}`]: QUESTIONS,
      [`GET /api/chapters/${C}`]: chapter,
      'POST /api/answers': (call: ApiCall) => ({ body: { ...score(call).body, recorded: false } }),
    });
    open(`/quiz/sample?chapter=${C}`, { id: 'sample' });
    await screen.findByRole('heading', { level: 1, name: 'Sample Quiz' });
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next Question' }));
    // Checked, never stored: nothing says "Saved" (issue 31 §12).
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Saving…')).toBeNull();
    fireEvent.click(radio('Vacuole'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));
    await screen.findByRole('heading', { name: 'Quiz Complete' });
    expect(window.location.pathname).toBe('/quiz/sample');
    expect(screen.getByText('1/2')).toBeTruthy();
    expect(screen.getByText('Keep Trying!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Site of protein synthesis?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to Subscribe' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fsubscribe');
    expect(screen.queryByRole('button', { name: 'Retake' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/sessions')).toBe(false);
    expect((calls.find((c) => c.path === '/api/answers')!.body as { mode: string; sessionId?: string })).toMatchObject({ mode: 'sample' });
    expect(calls.find((c) => c.path === '/api/answers')!.body).not.toHaveProperty('sessionId');
  });

  it("a free learner's sample quiz ends at /subscribe", async () => {
    signInAs();
    mockApi({
      'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 1 },
      [`GET /api/questions/sample/${C}`]: [QUESTIONS[0]],
      [`GET /api/chapters/${C}`]: chapter,
      'POST /api/answers': (call: ApiCall) => ({ body: { ...score(call).body, recorded: false } }),
    });
    open(`/quiz/sample?chapter=${C}`, { id: 'sample' });
    await screen.findByRole('heading', { level: 1, name: 'Sample Quiz' });
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('Submit Answer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Quiz' }));
    await waitFor(() => expect(window.location.pathname).toBe('/subscribe'));
  });

  it('the empty states offer a way back to the dashboard', async () => {
    signInAs();
    mockApi({ 'GET /api/questions/review': [] });
    open('/quiz/review', { id: 'review' });
    await screen.findByRole('heading', { name: 'No Review Needed!' });
    fireEvent.click(button('Return to Dashboard'));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('no mistakes: "No Mistakes to Review!"', async () => {
    signInAs();
    mockApi({ [`GET /api/mistakes/questions/${C}`]: [], [`GET /api/chapters/${C}`]: chapter });
    open(`/quiz/${T}?chapter=${C}&type=mistakes`, { id: T });
    await screen.findByRole('heading', { name: 'No Mistakes to Review!' });
    expect(screen.getByText('No mistakes to review: You got all questions correct!')).toBeTruthy();
  });

  it('a free user past the trial gets the upgrade dialog — the local one when the billing remote cannot load', async () => {
    signInAs();
    setExposedModuleLoader((request) => Promise.reject(new Error(`${request}: billing remote down`)));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/subscription/status': { canTakeQuiz: false, trialQuizzesRemaining: 0, quizzesCompleted: 1, subscriptionStatus: 'none' } });
    open(`/quiz/chapter/${C}`, { chapterId: C });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(within(dialog).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Try Sample Quiz' }));
    });
    expect(window.location.pathname + window.location.search).toBe(`/quiz/sample?chapter=${C}`);
  });
});

describe('the quiz in Hindi (issue 33 §1)', { timeout: 30_000 }, () => {
  afterEach(() => useI18n.setState({ language: 'en' }));

  it('runs and scores in Hindi: question count, buttons, feedback, results and rating', async () => {
    signInAs();
    subscriberApi();
    await setLanguage('hi');
    open(`/quiz/${T}`, { id: T });
    await screen.findByText('प्रश्न 1 / 2');
    await waitFor(() => expect(screen.queryByText('आपकी क्विज़ शुरू हो रही है...')).toBeNull());
    expect(screen.getByRole('progressbar', { name: 'क्विज़ की प्रगति' })).toBeTruthy();
    fireEvent.click(radio('Mitochondria'));
    fireEvent.click(button('उत्तर जमा करें'));
    await screen.findByText('सही!');
    fireEvent.click(button('अगला प्रश्न'));
    fireEvent.click(radio('Vacuole'));
    fireEvent.click(button('उत्तर जमा करें'));
    await screen.findByText('गलत');
    fireEvent.click(button('क्विज़ पूरी करें'));
    await screen.findByText('क्विज़ पूरी हुई');
    expect(screen.getByText('कोशिश जारी रखें!')).toBeTruthy(); // 50%: Keep Trying!
    expect(screen.getByRole('heading', { name: 'अपनी गलतियाँ देखें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'डैशबोर्ड पर वापस' })).toBeTruthy();
  });
});
