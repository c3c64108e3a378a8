import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lp/web-platform';
import type { Question, QuizSession, SubscriptionStatus } from '../../src/pages/quiz/api.ts';
import { loadQuiz, MISTAKES_LOAD_FAILED, type QuizApi } from '../../src/pages/quiz/loadQuiz.ts';
import { quizRequestOf } from '../../src/pages/quiz/quizFlow.ts';

const T = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const C = 'ccccccccccccccccccccccc1';
const SUBJ = 'dddddddddddddddddddddd01';
const SESSION = 'eeeeeeeeeeeeeeeeeeeeeee1';

const question = (n: number): Question => ({
  id: `bbbbbbbbbbbbbbbbbbbbbbb${n}`,
  topicId: T,
  chapterId: C,
  question: `Question ${n}?`,
  type: 'multiple_choice',
  options: ['A', 'B', 'C', 'D'],
  difficulty: 1,
});
const QUESTIONS = [question(1), question(2), question(3)];
const notEntitled = () => new ApiError(403, {"statusCode":403,"error":"Forbidden","message":"Subscribe","code":"NOT_ENTITLED"});
const chapter = { id: C, name: 'Cells', order: 1, questionCount: 3, subject: { id: SUBJ, name: 'Biology', className: 'CBSE Class 12' as const }, topics: [{ id: T, name: 'Cell', order: 1, questionCount: 3 }] };
const topicDetail = { id: T, name: 'Cell', description: '', order: 1, questionCount: 3, easyPercentage: 0, hardPercentage: 0, questionCountByType: { multiple_choice: 3, true_false: 0, short_answer: 0 }, chapter: { id: C, name: 'Cells', subject: chapter.subject } };
const status = (s: Partial<SubscriptionStatus>): SubscriptionStatus => ({ canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'none', ...s });

function fakeApi(overrides: Partial<QuizApi> = {}): QuizApi {
  return {
    topicWithQuestions: vi.fn(async () => ({ ...topicDetail, questions: QUESTIONS })),
    topic: vi.fn(async () => topicDetail),
    chapter: vi.fn(async () => chapter),
    chapterQuestions: vi.fn(async () => QUESTIONS),
    sampleQuestions: vi.fn(async () => QUESTIONS),
    chapterMistakes: vi.fn(async () => QUESTIONS),
    subjectMistakes: vi.fn(async () => QUESTIONS),
    reviewQueue: vi.fn(async () => QUESTIONS),
    subscriptionStatus: vi.fn(async () => status({ subscriptionStatus: 'active' })),
    session: vi.fn(),
    ...overrides,
  } as QuizApi;
}
const load = (path: { id?: string; chapterId?: string }, query: string, signedIn: boolean, api: QuizApi) =>
  loadQuiz(quizRequestOf(path, new URLSearchParams(query)), signedIn, api);

describe('loading a quiz', () => {
  it("a subscriber's full chapter quiz: the chapter's questions, titled by the chapter", async () => {
    const result = await load({ chapterId: C }, '', true, fakeApi());
    expect(result).toMatchObject({ kind: 'ready', plan: { mode: 'full', chapterId: C, title: 'Cells: Full Chapter Quiz', questions: QUESTIONS } });
  });

  it('a free user with the trial left gets the quiz (the trial is taken when the session starts)', async () => {
    const api = fakeApi({ subscriptionStatus: vi.fn(async () => status({ canTakeQuiz: true, trialQuizzesRemaining: 1 })) });
    await expect(load({ id: T }, '', true, api)).resolves.toMatchObject({ kind: 'ready', plan: { mode: 'topic', topicId: T, chapterId: C } });
  });

  it('a free user without a trial gets the upgrade dialog for a full or topic quiz, before any question is loaded', async () => {
    const api = fakeApi({ subscriptionStatus: vi.fn(async () => status({ canTakeQuiz: false, trialQuizzesRemaining: 0 })) });
    await expect(load({ chapterId: C }, '', true, api)).resolves.toEqual({ kind: 'upgrade', chapterId: C });
    await expect(load({ id: T }, '', true, api)).resolves.toEqual({ kind: 'upgrade', chapterId: C });
    expect(api.chapterQuestions).not.toHaveBeenCalled();
    expect(api.topicWithQuestions).not.toHaveBeenCalled();
  });

  it('content answering 403 NOT_ENTITLED (or SUBSCRIPTION_REQUIRED) also opens the upgrade dialog', async () => {
    const api = fakeApi({ chapterQuestions: vi.fn(async () => Promise.reject(notEntitled())) });
    await expect(load({ chapterId: C }, '', true, api)).resolves.toEqual({ kind: 'upgrade', chapterId: C });
    const api2 = fakeApi({
      topicWithQuestions: vi.fn(async () => Promise.reject(new ApiError(403, {"message":"x","code":"SUBSCRIPTION_REQUIRED"}))),
    });
    await expect(load({ id: T }, '', true, api2)).resolves.toEqual({ kind: 'upgrade', chapterId: C });
  });

  it('a missing subscription status means the quiz is allowed (spec §9)', async () => {
    const api = fakeApi({ subscriptionStatus: vi.fn(async () => Promise.reject(new ApiError(503, 'down'))) });
    await expect(load({ chapterId: C }, '', true, api)).resolves.toMatchObject({ kind: 'ready' });
  });

  it('the empty states: no review needed, no mistakes, no questions', async () => {
    await expect(load({ id: 'review' }, '', true, fakeApi({ reviewQueue: vi.fn(async () => []) }))).resolves.toEqual({ kind: 'empty', empty: 'review' });
    await expect(load({ id: T }, `chapter=${C}&type=mistakes`, true, fakeApi({ chapterMistakes: vi.fn(async () => []) }))).resolves.toEqual({
      kind: 'empty',
      empty: 'mistakes',
    });
    await expect(load({ id: 'subject-mistakes' }, `subject=${SUBJ}`, true, fakeApi({ subjectMistakes: vi.fn(async () => []) }))).resolves.toEqual({
      kind: 'empty',
      empty: 'mistakes',
    });
    await expect(load({ chapterId: C }, '', true, fakeApi({ chapterQuestions: vi.fn(async () => []) }))).resolves.toEqual({ kind: 'empty', empty: 'questions' });
  });

  it("a mistakes load failure says 'Failed to load mistake review questions.'", async () => {
    const api = fakeApi({ chapterMistakes: vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))) });
    await expect(load({ id: T }, `chapter=${C}&type=mistakes`, true, api)).resolves.toMatchObject({ kind: 'error', message: MISTAKES_LOAD_FAILED });
  });

  it('a visitor gets samples: a chapter or topic link becomes its sample quiz; mistakes and review ask to sign in', async () => {
    const api = fakeApi();
    await expect(load({ chapterId: C }, '', false, api)).resolves.toEqual({ kind: 'redirect', to: `/quiz/sample?chapter=${C}` });
    await expect(load({ id: T }, '', false, api)).resolves.toEqual({ kind: 'redirect', to: `/quiz/sample?chapter=${C}&topic=${T}` });
    await expect(load({ id: 'review' }, '', false, api)).resolves.toEqual({ kind: 'signin' });
    await expect(load({ id: 'sample' }, `chapter=${C}`, false, api)).resolves.toMatchObject({ kind: 'ready', plan: { mode: 'sample', title: 'Sample Quiz' } });
    expect(api.sampleQuestions).toHaveBeenCalledWith(C, undefined);
  });

  it('resume continues a full chapter quiz (paused, or left without pausing) at the question the server decided from its recorded answers', async () => {
    const session: QuizSession = {
      id: SESSION, userId: 'u', mode: 'full', topicId: null, chapterId: C, subjectId: SUBJ, questionsCount: 3, questionsAnswered: 2,
      // Left by a header link: no pause saved a position (0), the server knows two answers.
      correctAnswers: 1, timeSpent: 40, isPaused: false, currentQuestionIndex: 0, resumeQuestionIndex: 2, answeredQuestionIds: ['q1', 'q2'], completed: false,
      createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', completedAt: null,
    };
    const api = fakeApi({ session: vi.fn(async () => session) });
    const result = await load({ id: T }, `resume=${SESSION}`, true, api);
    expect(result).toMatchObject({ kind: 'ready', plan: { mode: 'full', resume: { startIndex: 2, session: { questionsAnswered: 2 } } } });
    const done = await load({ id: T }, `resume=${SESSION}`, true, fakeApi({ session: vi.fn(async () => ({ ...session, completed: true })) }));
    expect(done).toEqual({ kind: 'completed' });
  });

  it('a resumed mistakes quiz leaves out the questions the server has an answer for in that session', async () => {
    const session: QuizSession = {
      id: SESSION, userId: 'u', mode: 'mistakes', topicId: null, chapterId: C, subjectId: SUBJ, questionsCount: 3, questionsAnswered: 1,
      correctAnswers: 0, timeSpent: 10, isPaused: false, currentQuestionIndex: 0, resumeQuestionIndex: 1, answeredQuestionIds: [QUESTIONS[0]!.id], completed: false,
      createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', completedAt: null,
    };
    const result = await load({ id: T }, `resume=${SESSION}`, true, fakeApi({ session: vi.fn(async () => session) }));
    expect(result).toMatchObject({ kind: 'ready', plan: { mode: 'mistakes', questions: [QUESTIONS[1], QUESTIONS[2]], resume: { startIndex: 0 } } });
  });
});
