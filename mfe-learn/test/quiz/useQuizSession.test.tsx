/** The quiz session hook on its own, against the faked API: starting, blocked, resumed, completed, failed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { QuizPlan } from '../../src/pages/quiz/loadQuiz.ts';
import type { AnsweredQuestion } from '../../src/pages/quiz/QuizResults.tsx';
import { useQuizSession } from '../../src/pages/quiz/useQuizSession.ts';
import { getPendingStarts } from '../../src/pages/quiz/pageQueue.ts';
import { id, mockApi, pausedSession, resetToasts, signInAs, toastTitles, type ApiCall } from '../support.tsx';

const TOPIC = id(0x70);
const SESSION = id(0x5e);
const question = (n: number) => ({ id: id(0x100 + n), topicId: TOPIC, chapterId: id(0xc), question: `Question ${n}?`, type: 'multiple_choice', options: ['A', 'B'], difficulty: 1 }) as QuizPlan['questions'][number];

function topicPlan(over: Partial<QuizPlan> = {}): QuizPlan {
  return { mode: 'topic', title: 'Cell', questions: [question(1), question(2)], chapterId: null, topicId: TOPIC, subjectId: null, topics: [], ...over };
}

const created = (over: object = {}) => ({ ...pausedSession({ id: SESSION, mode: 'topic', topicId: TOPIC, questionsCount: 2, questionsAnswered: 0, correctAnswers: 0, timeSpent: 0, isPaused: false, currentQuestionIndex: 0 }), ...over });

function renderSession(plan: QuizPlan, answers: AnsweredQuestion[] = []) {
  const onUpgrade = vi.fn();
  const answersRef = { current: answers };
  const view = renderHook(() => useQuizSession({ plan, onUpgrade, answers: answersRef, quizSeconds: () => 42 }));
  return { ...view, onUpgrade };
}

const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  signInAs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useQuizSession', () => {
  it('is starting (loading) until the session is created, then running with the new session, asked for the plan', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const calls = mockApi({ 'POST /api/sessions': () => new Promise((resolve) => (answer = resolve)) });
    const { result } = renderSession(topicPlan());

    expect(result.current.phase).toEqual({ name: 'starting' });
    expect(result.current.sessionId).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/sessions')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ mode: 'topic', topicId: TOPIC, questionsCount: 2, sessionId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    await act(async () => answer({ body: created() }));
    await waitFor(() => expect(result.current.phase).toEqual({ name: 'running' }));
    expect(result.current.sessionId).toBe(SESSION);
  });

  it('a sample quiz runs at once, with no session', () => {
    const calls = mockApi({});
    const { result } = renderSession(topicPlan({ mode: 'sample', topicId: null }));
    expect(result.current.phase).toEqual({ name: 'running' });
    expect(result.current.sessionId).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('error: another paused quiz blocks the start with the service message; a start that cannot reach the service runs under its own id, its start kept to send later', async () => {
    mockApi({ 'POST /api/sessions': () => ({ status: 409, body: { code: 'SESSION_PAUSED', message: 'You have a paused quiz. Resume or discard it first.' } }) });
    const blocked = renderSession(topicPlan());
    await waitFor(() => expect(blocked.result.current.phase).toEqual({ name: 'sessionBlocked', message: 'You have a paused quiz. Resume or discard it first.' }));
    cleanup();

    const calls500 = mockApi({ 'POST /api/sessions': () => ({ status: 500, body: { message: 'boom' } }) });
    const failed = renderSession(topicPlan());
    await waitFor(() => expect(failed.result.current.phase).toEqual({ name: 'running' }));
    const sent = callsTo(calls500, 'POST', '/api/sessions')[0]!.body as { sessionId: string };
    expect(failed.result.current.sessionId).toBe(sent.sessionId);
    expect(getPendingStarts().get(sent.sessionId)).toMatchObject({ body: { mode: 'topic', topicId: TOPIC, sessionId: sent.sessionId } });
    getPendingStarts().remove(sent.sessionId);
  });

  it('error: a learner who is not entitled gets the upgrade dialog instead of a quiz', async () => {
    mockApi({ 'POST /api/sessions': () => ({ status: 403, body: { code: 'NOT_ENTITLED', message: 'Subscribe' } }) });
    const { result, onUpgrade } = renderSession(topicPlan());
    await waitFor(() => expect(onUpgrade).toHaveBeenCalledTimes(1));
    expect(result.current.phase).toEqual({ name: 'starting' });
  });

  it('resumed: the paused session is resumed (not created), keeps its id and its earlier counts', async () => {
    const paused = pausedSession({ id: SESSION, questionsAnswered: 5, correctAnswers: 4 });
    const calls = mockApi({ [`PATCH /api/sessions/${SESSION}/resume`]: { ...paused, isPaused: false } });
    const { result } = renderSession(topicPlan({ resume: { session: paused, startIndex: 1 } }));

    expect(result.current.sessionId).toBe(SESSION);
    expect(result.current.base).toEqual({ answered: 5, correct: 4 });
    await waitFor(() => expect(result.current.phase).toEqual({ name: 'running' }));
    expect(callsTo(calls, 'PATCH', `/api/sessions/${SESSION}/resume`)).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/sessions')).toHaveLength(0);
  });

  it('resumed: a session completed meanwhile blocks the quiz', async () => {
    const paused = pausedSession({ id: SESSION });
    mockApi({ [`PATCH /api/sessions/${SESSION}/resume`]: () => ({ status: 409, body: { code: 'SESSION_COMPLETED', message: 'Session already completed' } }) });
    const { result } = renderSession(topicPlan({ resume: { session: paused, startIndex: 0 } }));
    await waitFor(() =>
      expect(result.current.phase).toEqual({ name: 'sessionBlocked', message: 'This quiz is already completed. Start a new one from the dashboard.' }),
    );
  });

  it("completed: completing sends the quiz time and shows the server's counts", async () => {
    const calls = mockApi({
      'POST /api/sessions': created(),
      [`PATCH /api/sessions/${SESSION}`]: created({ completed: true, questionsAnswered: 2, correctAnswers: 1, timeSpent: 42 }),
    });
    const { result } = renderSession(topicPlan());
    await waitFor(() => expect(result.current.sessionId).toBe(SESSION));

    await act(() => result.current.complete());
    expect(result.current.phase).toEqual({ name: 'results', answered: 2, correct: 1, seconds: 42 });
    expect(callsTo(calls, 'PATCH', `/api/sessions/${SESSION}`)[0]!.body).toEqual({ timeSpent: 42, completed: true });
  });

  it('error on completing: the failure is shown, and a retry completes', async () => {
    let fail = true;
    mockApi({
      'POST /api/sessions': created(),
      [`PATCH /api/sessions/${SESSION}`]: () =>
        fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: created({ completed: true, questionsAnswered: 1, correctAnswers: 1 }) },
    });
    const { result } = renderSession(topicPlan());
    await waitFor(() => expect(result.current.sessionId).toBe(SESSION));

    await act(() => result.current.complete());
    expect(result.current.phase).toEqual({ name: 'completeFailed', message: 'Database unavailable' });
    fail = false;
    await act(() => result.current.complete());
    expect(result.current.phase).toEqual({ name: 'results', answered: 1, correct: 1, seconds: 42 });
  });

  it('pause sends the question to continue at and the time; a failed pause says so and stays', async () => {
    const calls = mockApi({
      'POST /api/sessions': created(),
      [`PATCH /api/sessions/${SESSION}/pause`]: () => ({ status: 500, body: { message: 'Database unavailable' } }),
    });
    const { result } = renderSession(topicPlan());
    await waitFor(() => expect(result.current.sessionId).toBe(SESSION));

    await act(() => result.current.pause(1));
    expect(callsTo(calls, 'PATCH', `/api/sessions/${SESSION}/pause`)[0]!.body).toEqual({ currentQuestionIndex: 1, timeSpent: 42 });
    expect(result.current.pausing).toBe(false);
    expect(toastTitles()).toEqual(['destructive:Could not pause the quiz']);
  });
});
