// What counted answers change in a learner's study state: chapter progress, mistakes, the review queue, the
// all-time count and the streak's days. Pure: the caller reads the learner document, calls this, and writes the
// result holding the learner's lease. An answer whose id the document already lists as applied is skipped, so
// re-applying one (a retry racing its first call, on another replica) changes nothing twice.
import type { AnswerKey, QuizMode } from '@lp/contracts';
import { istDay } from './days';
import { mistakeAfter, type MistakeState } from './mistakes';
import { addToLoad, dueLoad, examAwareDue, type DueLoad } from './exam-schedule';
import { scheduleReview, type ReviewCard } from './review';
import { dailyCountsAfter, type DayCounts } from './study-days';

export interface ChapterCounts {
  createdAt: Date;
  totalQuestions: number;
  questionsCorrect: number;
}

export interface LearnerStudyState {
  totalQuestions: number;
  activeDays: string[];
  chapters: Record<string, ChapterCounts>;
  mistakes: Record<string, MistakeState>;
  cards: Record<string, ReviewCard>;
  recentAnswerIds: string[];
  /** The learner's exam day per subject (YYYY-MM-DD, India): reviews aim at it (domain/exam-schedule.ts). */
  examDays?: Record<string, string>;
  /** Counted answers per recent India day (domain/study-days.ts). */
  dailyAnswers?: Record<string, DayCounts>;
}

export interface CountedAnswerInput {
  answerId: string;
  key: Pick<AnswerKey, 'questionId' | 'chapterId' | 'topicId' | 'subjectId'>;
  isCorrect: boolean;
  mode: QuizMode | null;
  at: Date;
}

export interface AnswerEffects {
  /** Answers applied now (not already in the document), in order. */
  applied: string[];
  totalQuestions: number;
  /** Chapters whose counts changed: their new counts; `isNew` when the chapter had no progress yet. */
  chapters: Map<string, ChapterCounts & { isNew: boolean }>;
  /** Mistakes whose state changed: the new state, or null when cleared. */
  mistakes: Map<string, MistakeState | null>;
  cards: Map<string, ReviewCard>;
  activeDays: string[];
  dailyAnswers: Record<string, DayCounts>;
  recentAnswerIds: string[];
}

export function answerEffects(state: LearnerStudyState, answers: readonly CountedAnswerInput[], keepRecent: number): AnswerEffects {
  const seen = new Set(state.recentAnswerIds);
  const chapters = new Map<string, ChapterCounts & { isNew: boolean }>();
  const mistakes = new Map<string, MistakeState | null>();
  const cards = new Map<string, ReviewCard>();
  const days = new Set(state.activeDays);
  const applied: string[] = [];
  const counted: CountedAnswerInput[] = [];
  let load: DueLoad | null = null; // built on the first FSRS review of the batch, kept up to date after
  for (const a of answers) {
    if (seen.has(a.answerId)) continue;
    seen.add(a.answerId);
    applied.push(a.answerId);
    counted.push(a);
    const { questionId: qid, chapterId: cid } = a.key;

    const known = chapters.get(cid) ?? (state.chapters[cid] ? { ...state.chapters[cid]!, isNew: false } : { createdAt: a.at, totalQuestions: 0, questionsCorrect: 0, isNew: true });
    chapters.set(cid, { ...known, totalQuestions: known.totalQuestions + 1, questionsCorrect: known.questionsCorrect + (a.isCorrect ? 1 : 0) });

    const current = mistakes.has(qid) ? mistakes.get(qid)! : (state.mistakes[qid] ?? null);
    const next = mistakeAfter(current, { ...a.key, isCorrect: a.isCorrect, mode: a.mode, at: a.at });
    if (next !== current) mistakes.set(qid, next);

    const card = cards.get(qid) ?? state.cards[qid] ?? null;
    let scheduled = scheduleReview(card, a.isCorrect, a.at);
    if (scheduled !== card) {
      load ??= dueLoad(Object.values({ ...state.cards, ...Object.fromEntries(cards) }));
      if (card) addToLoad(load, card, -1);
      if (isReviewAt(scheduled, a.at)) scheduled = { ...scheduled, due: examAwareDue(scheduled, a.at, state.examDays?.[a.key.subjectId] ?? null, load) };
      addToLoad(load, scheduled, 1);
      cards.set(qid, scheduled);
    }
    days.add(istDay(a.at));
  }
  return {
    applied,
    totalQuestions: state.totalQuestions + applied.length,
    chapters,
    mistakes,
    cards,
    activeDays: [...days],
    dailyAnswers: dailyCountsAfter(state.dailyAnswers ?? {}, counted),
    recentAnswerIds: [...state.recentAnswerIds, ...applied].slice(-keepRecent),
  };
}

/** The card was rated by FSRS at `at` (not a same-day answer, which only moves its due date). */
const isReviewAt = (card: ReviewCard, at: Date) => card.last_review !== undefined && new Date(card.last_review).getTime() === at.getTime();
