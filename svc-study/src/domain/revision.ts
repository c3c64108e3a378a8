// Chapter revision stage (spec §4), a pure rule with the clock passed in.
//
// stage 0: nothing due (the initial state, and the gaps between revisions);
// stage 1: the first revision is due: firstRevisionDays have passed since the progress was created;
// stage 2: the second is due: secondRevisionDays have passed since the first revision;
// stage 3: the third is due: thirdRevisionDays have passed since the second;
// stage 4: all three done: mastered.
// Done on time, the timeline is: created on day 0, first at day F, second at F + S, third at F + S + T.

import { DEFAULT_REVISION_SETTINGS } from '@lp/contracts';
import { DAY_MS } from './days';

export interface RevisionDays {
  firstRevisionDays: number;
  secondRevisionDays: number;
  thirdRevisionDays: number;
}

export interface RevisionDates {
  createdAt: Date;
  firstRevisionAt: Date | null;
  secondRevisionAt: Date | null;
  thirdRevisionAt: Date | null;
}

export type RevisionStage = 0 | 1 | 2 | 3 | 4;

export interface RevisionState {
  stage: RevisionStage;
  /** A revision (stage 1-3) is due now. */
  due: boolean;
  /** Revisions done so far, 0-3: the stars on the chapter card. */
  revisionsDone: number;
  /** When the next revision falls due (in the past when it is due now); null once mastered. */
  nextRevisionAt: Date | null;
  /** The progress field a revision done now fills; null when none is due. */
  recordsField: 'firstRevisionAt' | 'secondRevisionAt' | 'thirdRevisionAt' | null;
}

/** The defaults: growing gaps (1, 6, 15 days), see DEFAULT_REVISION_SETTINGS in the contracts for why. */
export const DEFAULT_REVISION_DAYS: RevisionDays = { ...DEFAULT_REVISION_SETTINGS };

/**
 * The intervals in force, from what is stored: an admin's saved choice stays as it was saved (even one equal to the
 * old 50-day defaults); an interval never saved (no settings stored, or a field missing) takes today's default.
 */
export function revisionDaysFrom(stored: Partial<RevisionDays> | null | undefined): RevisionDays {
  const pick = (key: keyof RevisionDays) => {
    const days = stored?.[key];
    return typeof days === 'number' && Number.isInteger(days) && days >= 1 ? days : DEFAULT_REVISION_DAYS[key];
  };
  return { firstRevisionDays: pick('firstRevisionDays'), secondRevisionDays: pick('secondRevisionDays'), thirdRevisionDays: pick('thirdRevisionDays') };
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export function revisionState(progress: RevisionDates, days: RevisionDays, now: Date): RevisionState {
  const { createdAt, firstRevisionAt, secondRevisionAt, thirdRevisionAt } = progress;
  if (firstRevisionAt && secondRevisionAt && thirdRevisionAt) {
    return { stage: 4, due: false, revisionsDone: 3, nextRevisionAt: null, recordsField: null };
  }
  // The next revision to do and the date it is counted from.
  const [stage, anchor, interval, field] = !firstRevisionAt
    ? ([1, createdAt, days.firstRevisionDays, 'firstRevisionAt'] as const)
    : !secondRevisionAt
      ? ([2, firstRevisionAt, days.secondRevisionDays, 'secondRevisionAt'] as const)
      : ([3, secondRevisionAt, days.thirdRevisionDays, 'thirdRevisionAt'] as const);
  const nextRevisionAt = addDays(anchor, interval);
  const due = now.getTime() >= nextRevisionAt.getTime();
  return {
    stage: due ? stage : 0,
    due,
    revisionsDone: stage - 1,
    nextRevisionAt,
    recordsField: due ? field : null,
  };
}

/** A chapter's history and revisions as a completed quiz leaves them (spec §4 "Chapter history", "Revision"). */
export interface ChapterHistory extends RevisionDates {
  lastFullChapterQuiz: { date: Date; score: number; totalQuestions: number } | null;
  recentQuizzes: Array<{ quizType: string; date: Date; score: number; totalQuestions: number; sessionId?: string }>;
}

/**
 * The chapter after a completed quiz: the quiz joins the last five; a full chapter quiz becomes the last full
 * quiz and records the revision that is due, if one is.
 */
export function chapterAfterQuiz<C extends ChapterHistory>(
  chapter: C,
  quiz: { mode: string; at: Date; correct: number; total: number; sessionId?: string },
  days: RevisionDays,
): C {
  // The session id lets the history dialog list the quiz's wrong answers.
  const entry = { quizType: quiz.mode, date: quiz.at, score: quiz.correct, totalQuestions: quiz.total, ...(quiz.sessionId ? { sessionId: quiz.sessionId } : {}) };
  const next: C = { ...chapter, recentQuizzes: [entry, ...(chapter.recentQuizzes ?? [])].slice(0, 5) };
  if (quiz.mode !== 'full') return next;
  next.lastFullChapterQuiz = { date: quiz.at, score: quiz.correct, totalQuestions: quiz.total };
  const field = revisionState(chapter, days, quiz.at).recordsField;
  if (field) next[field] = quiz.at;
  return next;
}
