// A chapter quiz reloaded offline mid-way (issue 33 §2): it continues where the learner was, with the answers given so
// far (same answer ids, so the queue still sends each once), and never shows one learner's quiz to another.
import { describe, expect, it } from 'vitest';
import type { Question } from '../../src/pages/quiz/api.ts';
import { QuizSittings, SITTING_MAX_AGE_MS, restoreSitting, savedAnswers, shouldContinue, type QuizSitting } from '../../src/offline/quiz-sitting.ts';
import { MemoryStorage } from './memory-storage.ts';

const ANNA = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const BEN = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const CHAPTER = 'dddddddddddddddddddddddd';
const SESSION = 'eeeeeeeeeeeeeeeeeeeeeeee';

const questions = ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, question: `Question ${id}`, type: 'mcq', options: ['right', 'wrong'] }) as unknown as Question);

function sitting(over: Partial<Omit<QuizSitting, 'savedAt'>> = {}): Omit<QuizSitting, 'savedAt'> {
  return {
    userId: ANNA,
    chapterId: CHAPTER,
    sessionId: SESSION,
    nextIndex: 2,
    skipped: 0,
    seconds: 95,
    answers: [
      { answerId: 'a1', questionId: 'q1', answer: 'right', outcome: 'scored', check: { isCorrect: true, correctAnswer: 'right', explanation: '' } },
      { answerId: 'a2', questionId: 'q2', answer: 'wrong', outcome: 'pending', waited: true },
    ],
    ...over,
  };
}

describe('a quiz kept on the device', () => {
  it('continues at the next question with the answers given so far, under the same session and answer ids', () => {
    const store = new QuizSittings(new MemoryStorage());
    store.save(sitting());
    const restored = restoreSitting(store.get(ANNA, CHAPTER)!, questions);
    expect(restored).toMatchObject({ sessionId: SESSION, startIndex: 2, finished: false, skipped: 0, seconds: 95 });
    expect(restored.answers.map((a) => [a.answerId, a.question.id, a.outcome, a.waited ?? false])).toEqual([['a1', 'q1', 'scored', false], ['a2', 'q2', 'pending', true]]);
    // What the runner keeps after a step is what it continues from.
    expect(savedAnswers(restored.answers)).toEqual(sitting().answers);
  });

  it('goes straight to completing when every question had been answered or skipped', () => {
    expect(restoreSitting({ ...sitting({ nextIndex: 4, skipped: 2 }), savedAt: 0 }, questions)).toMatchObject({ startIndex: 3, finished: true });
  });

  it('is continued offline, or while its start or answers still wait on the device; online with all sent, a new quiz starts', () => {
    const kept = { ...sitting(), savedAt: 0 };
    const nothingWaiting = { online: true, startWaiting: false, answerWaiting: () => false };
    expect(shouldContinue(kept, nothingWaiting)).toBe(false);
    expect(shouldContinue(kept, { ...nothingWaiting, online: false })).toBe(true);
    expect(shouldContinue(kept, { ...nothingWaiting, startWaiting: true })).toBe(true);
    expect(shouldContinue(kept, { ...nothingWaiting, answerWaiting: (id) => id === 'a2' })).toBe(true);
    // Nothing answered yet: nothing to continue.
    expect(shouldContinue({ ...kept, answers: [], skipped: 0 }, { ...nothingWaiting, online: false })).toBe(false);
  });

  it('belongs to its learner: another learner signed in on the same phone never gets it', () => {
    const store = new QuizSittings(new MemoryStorage());
    store.save(sitting());
    expect(store.get(BEN, CHAPTER)).toBeNull();
    expect(store.get(ANNA, CHAPTER)?.sessionId).toBe(SESSION);
  });

  it('goes when its learner signs out or someone else signs in on the phone', () => {
    const store = new QuizSittings(new MemoryStorage());
    store.save(sitting());
    store.save(sitting({ userId: BEN }));
    store.forgetAllBut(BEN);
    expect(store.get(ANNA, CHAPTER)).toBeNull();
    expect(store.get(BEN, CHAPTER)?.userId).toBe(BEN);
    store.forgetAllBut(null);
    expect(store.get(BEN, CHAPTER)).toBeNull();
  });

  it('is forgotten once the results are in, and after a week nobody came back to it', () => {
    let now = 1_000_000;
    const storage = new MemoryStorage();
    const store = new QuizSittings(storage, () => now);
    store.save(sitting());
    store.remove(ANNA, CHAPTER);
    expect(store.get(ANNA, CHAPTER)).toBeNull();
    expect(storage.items.size).toBe(0);
    store.save(sitting());
    now += SITTING_MAX_AGE_MS;
    expect(store.get(ANNA, CHAPTER)).toBeNull();
  });
});

describe('the page’s kept quizzes follow who is signed in', () => {
  it('another learner signing in forgets the previous one’s; a failed check (offline) keeps them; signing out forgets all', async () => {
    const { useSession } = await import('@lp/web-platform');
    const { getQuizSittings } = await import('../../src/pages/quiz/pageQueue.ts');
    const { QUIZ_SITTINGS_STORAGE_KEY } = await import('../../src/offline/quiz-sitting.ts');
    const saved = (userId: string) => ({ ...sitting({ userId }), savedAt: Date.now() });
    window.localStorage.setItem(QUIZ_SITTINGS_STORAGE_KEY, JSON.stringify({ [`${ANNA}:${CHAPTER}`]: saved(ANNA), [`${BEN}:${CHAPTER}`]: saved(BEN) }));
    const user = (id: string) => ({ id, firstName: 'B', email: 'b@demo.test' }) as unknown as Parameters<ReturnType<typeof useSession.getState>['setUser']>[0];
    useSession.getState().setUser(user(BEN));
    const sittings = getQuizSittings();
    expect(sittings.get(ANNA, CHAPTER)).toBeNull();
    expect(sittings.get(BEN, CHAPTER)?.sessionId).toBe(SESSION);
    useSession.getState().setError('Failed to fetch');
    expect(sittings.get(BEN, CHAPTER)?.sessionId).toBe(SESSION);
    useSession.getState().setUser(null);
    expect(window.localStorage.getItem(QUIZ_SITTINGS_STORAGE_KEY)).toBeNull();
  });
});
