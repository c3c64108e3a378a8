// The session rules that decide a score, a mistake and who may start what: pure functions, no I/O.
import { describe, expect, it } from 'vitest';
import { answerEffects, type LearnerStudyState } from '../../src/domain/answer-effects';
import { startDecision } from '../../src/domain/entitlement';
import { mistakeAfter, mistakeIds } from '../../src/domain/mistakes';
import { chapterAfterQuiz } from '../../src/domain/revision';
import { dueQuestionIds, newReviewCard } from '../../src/domain/review';
import { sessionScore } from '../../src/domain/session-score';

const at = new Date('2025-06-01T06:00:00Z');
const where = { chapterId: 'c1', topicId: 't1', subjectId: 's1' };

describe('sessionScore', () => {
  it('counts the first answer of each question of the session, in the session\'s order', () => {
    const firsts = new Map([['q3', false], ['q1', true], ['q2', false], ['outside', true]]);
    expect(sessionScore(['q1', 'q2', 'q3', 'q4'], firsts)).toEqual({ questionsAnswered: 3, correctAnswers: 1, wrongQuestionIds: ['q2', 'q3'], percentage: 33 });
  });

  it('is 0 of 0 (0 %) before any answer, and counts a question listed twice once', () => {
    expect(sessionScore(['q1', 'q2'], new Map())).toEqual({ questionsAnswered: 0, correctAnswers: 0, wrongQuestionIds: [], percentage: 0 });
    expect(sessionScore(['q1', 'q1'], new Map([['q1', true]]))).toMatchObject({ questionsAnswered: 1, correctAnswers: 1, percentage: 100 });
  });
});

describe('mistakes', () => {
  it('records a wrong answer, counts it again, clears it only on a right answer in mistake review', () => {
    const first = mistakeAfter(null, { ...where, isCorrect: false, mode: 'topic', at });
    expect(first).toEqual({ ...where, wrongCount: 1, lastWrongAt: at });
    expect(mistakeAfter(first, { ...where, isCorrect: false, mode: 'full', at })).toMatchObject({ wrongCount: 2 });
    expect(mistakeAfter(first, { ...where, isCorrect: true, mode: 'full', at })).toBe(first);
    expect(mistakeAfter(first, { ...where, isCorrect: true, mode: null, at })).toBe(first);
    expect(mistakeAfter(first, { ...where, isCorrect: true, mode: 'mistakes', at })).toBeNull();
    expect(mistakeAfter(first, { ...where, isCorrect: true, mode: 'subject-mistakes', at })).toBeNull();
    expect(mistakeAfter(null, { ...where, isCorrect: true, mode: 'mistakes', at })).toBeNull();
  });

  it('lists matching mistakes most recent first, at most the limit', () => {
    const m = (chapterId: string, day: number) => ({ ...where, chapterId, wrongCount: 1, lastWrongAt: new Date(at.getTime() + day * 86_400_000) });
    const mistakes = { a: m('c1', 1), b: m('c2', 5), c: m('c1', 3), d: m('c1', 2) };
    expect(mistakeIds(mistakes, (x) => x.chapterId === 'c1')).toEqual(['c', 'd', 'a']);
    expect(mistakeIds(mistakes, () => true, 2)).toEqual(['b', 'c']);
  });
});

describe('startDecision (spec §6)', () => {
  it('lets subscribers take every mode, a free learner a topic or full quiz as the trial, and nothing more', () => {
    for (const mode of ['topic', 'full', 'mistakes', 'subject-mistakes', 'review'] as const) {
      expect(startDecision({ subscribed: true, trialQuizzesRemaining: 0 }, mode)).toBe('subscribed');
    }
    expect(startDecision({ subscribed: false, trialQuizzesRemaining: 1 }, 'topic')).toBe('trial');
    expect(startDecision({ subscribed: false, trialQuizzesRemaining: 1 }, 'full')).toBe('trial');
    expect(startDecision({ subscribed: false, trialQuizzesRemaining: 0 }, 'full')).toBe('trial-used');
    expect(startDecision({ subscribed: false, trialQuizzesRemaining: 1 }, 'review')).toBe('mode-needs-subscription');
    expect(startDecision({ subscribed: false, trialQuizzesRemaining: 1 }, 'mistakes')).toBe('mode-needs-subscription');
  });
});

describe('answerEffects', () => {
  const empty: LearnerStudyState = { totalQuestions: 0, activeDays: [], chapters: {}, mistakes: {}, cards: {}, recentAnswerIds: [] };
  const key = (questionId: string) => ({ questionId, ...where });

  it('adds counted answers to progress, mistakes, the review queue and the streak day', () => {
    const effects = answerEffects(empty, [
      { answerId: 'a1', key: key('q1'), isCorrect: true, mode: 'full', at },
      { answerId: 'a2', key: key('q2'), isCorrect: false, mode: 'full', at },
    ], 100);
    expect(effects.applied).toEqual(['a1', 'a2']);
    expect(effects.totalQuestions).toBe(2);
    expect(effects.chapters.get('c1')).toEqual({ createdAt: at, totalQuestions: 2, questionsCorrect: 1, isNew: true });
    expect([...effects.mistakes.keys()]).toEqual(['q2']);
    expect([...effects.cards.keys()]).toEqual(['q1', 'q2']);
    expect(effects.activeDays).toEqual(['2025-06-01']);
    expect(effects.recentAnswerIds).toEqual(['a1', 'a2']);
  });

  it('skips answers already applied (a retry racing its first call), and keeps only the last ids', () => {
    const state = { ...empty, totalQuestions: 1, recentAnswerIds: ['a0', 'a1'], chapters: { c1: { createdAt: at, totalQuestions: 1, questionsCorrect: 1 } } };
    const effects = answerEffects(state, [
      { answerId: 'a1', key: key('q1'), isCorrect: true, mode: 'full', at },
      { answerId: 'a2', key: key('q2'), isCorrect: true, mode: 'full', at },
      { answerId: 'a2', key: key('q2'), isCorrect: true, mode: 'full', at },
    ], 2);
    expect(effects.applied).toEqual(['a2']);
    expect(effects.totalQuestions).toBe(2);
    expect(effects.chapters.get('c1')).toMatchObject({ totalQuestions: 2, questionsCorrect: 2, isNew: false });
    expect(effects.recentAnswerIds).toEqual(['a1', 'a2']);
    expect(answerEffects(state, [{ answerId: 'a0', key: key('q1'), isCorrect: true, mode: null, at }], 10).applied).toEqual([]);
  });
});

describe('chapterAfterQuiz', () => {
  const days = { firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 };
  const chapter = { createdAt: new Date(at.getTime() - 60 * 86_400_000), firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null, lastFullChapterQuiz: null, recentQuizzes: [] };

  it('keeps the last five quizzes; a full chapter quiz while due records the revision and the last full quiz', () => {
    const full = chapterAfterQuiz(chapter, { mode: 'full', at, correct: 8, total: 10 }, days);
    expect(full.firstRevisionAt).toEqual(at);
    expect(full.lastFullChapterQuiz).toEqual({ date: at, score: 8, totalQuestions: 10 });
    expect(full.recentQuizzes).toEqual([{ quizType: 'full', date: at, score: 8, totalQuestions: 10 }]);
    const topic = chapterAfterQuiz(chapter, { mode: 'topic', at, correct: 1, total: 2 }, days);
    expect(topic.firstRevisionAt).toBeNull();
    expect(topic.lastFullChapterQuiz).toBeNull();
    let many = chapter as typeof chapter & { recentQuizzes: unknown[] };
    for (let i = 0; i < 7; i++) many = chapterAfterQuiz(many, { mode: 'topic', at: new Date(at.getTime() + i), correct: i, total: 7 }, days);
    expect(many.recentQuizzes.map((q) => (q as { score: number }).score)).toEqual([6, 5, 4, 3, 2]);
  });
});

describe('dueQuestionIds', () => {
  it('lists due cards most overdue first, up to the limit', () => {
    const card = (offsetDays: number) => ({ ...newReviewCard(at), due: new Date(at.getTime() + offsetDays * 86_400_000) });
    const cards = { a: card(-1), b: card(-3), c: card(2), d: card(0) };
    expect(dueQuestionIds(cards, at).map((c) => c.questionId)).toEqual(['b', 'a', 'd']);
    expect(dueQuestionIds(cards, at, 1).map((c) => c.questionId)).toEqual(['b']);
  });
});
