// What a learner's state starts as, and how it remembers what was applied to it: values the answer, completion and
// bulk-load paths share (the document's storage shape is models/learner.ts).
import { createHash } from 'node:crypto';
import type { ChapterState, LearnerDoc } from '../models/learner';

/** How many answer ids the learner document remembers as applied (a retry comes within minutes, not hundreds of answers). */
export const RECENT_ANSWERS_KEPT = 200;

/** Width of one applied-answer key: 66 bits of SHA-256, so two different ids sharing a key is out of reach. */
export const APPLIED_KEY_WIDTH = 11;

/** The key the learner document remembers an applied answer (or completion mark) by. */
export function appliedKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url').slice(0, APPLIED_KEY_WIDTH);
}

export const emptyLearner = (userId: string): LearnerDoc => ({
  _id: userId, role: null, quizzesCompleted: 0, totalQuestions: 0, activeDays: [], dailyAnswers: {}, chapters: {}, mistakes: {}, cards: {}, openSessions: {}, examDays: {}, appliedKeys: [],
});

export const newChapter = (at: Date, totalQuestions = 0, questionsCorrect = 0): ChapterState => ({
  createdAt: at, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
  totalQuestions, questionsCorrect, lastFullChapterQuiz: null, recentQuizzes: [],
});
