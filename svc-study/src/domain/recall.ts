// "Recall today" per chapter and its forecast for exam day (issue 32 §2): the share of a chapter's questions the
// learner would answer right on a day, predicted from the FSRS cards kept per question.
// - Only reviewed questions are averaged; unseen ones are counted apart, never as remembered.
// - A question whose last answer was wrong counts as not remembered (0) until it is answered right: FSRS's curve
//   starts at 1 on the day of any review, which would call a fresh mistake "remembered".
// - Exam day "if you stop": FSRS's curve on that day from the cards as they are.
//   Exam day "at your pace": every review already due before the exam is taken on its day and answered right, each
//   rescheduled by the same rules the answers use (scheduleReview, examAwareDue): optimistic, and said so in the UI.
import { istDay } from './days';
import { dayNumber, dayNumberOf, examAwareDue } from './exam-schedule';
import { recallAfter, scheduleReview, type ReviewCard } from './review';

/** Where a question sits, from svc-content. */
export interface QuestionPlace {
  chapterId: string;
  subjectId: string;
}

export interface ChapterRecall {
  chapterId: string;
  subjectId: string;
  /** Questions of the chapter with a card (answered at least once). */
  reviewed: number;
  /** Questions of the chapter never answered. */
  unseen: number;
  /** Mean predicted recall of the reviewed questions today (0..1); null when none is reviewed. */
  recallToday: number | null;
}

export interface ExamDayRecall {
  subjectId: string;
  examDate: string;
  reviewed: number;
  unseen: number;
  /** Mean predicted recall of the reviewed questions on exam day if none is reviewed again; null when none is reviewed. */
  recallIfStopped: number | null;
  /** The same if every review due before the exam is done on its day and answered right. */
  recallAtPace: number | null;
  chapters: Array<Omit<ExamDayRecall, 'subjectId' | 'examDate' | 'chapters'> & { chapterId: string }>;
}

/** Reviews at most simulated per card before an exam (a card answered right comes back after a day or more). */
const MAX_SIMULATED_REVIEWS = 200;

/** True when the card's last answer was wrong: a mistake is due again on the day it was made. */
export function lastAnswerWrong(card: ReviewCard): boolean {
  return !!card.last_review && dayNumberOf(new Date(card.due)) <= dayNumberOf(new Date(card.last_review));
}

/** Predicted recall of a card on an India day (whole days since its last review), 0 after a wrong last answer. */
export function cardRecallOn(card: ReviewCard, day: string): number {
  if (!card.last_review || card.stability <= 0 || lastAnswerWrong(card)) return 0;
  return recallAfter(dayNumber(day) - dayNumberOf(new Date(card.last_review)), card.stability);
}

/** The card on exam day if every review due before it is taken on its day (or now, when overdue) and answered right. */
export function cardAtPace(card: ReviewCard, now: Date, examDay: string): ReviewCard {
  const exam = dayNumber(examDay);
  let current = card;
  for (let i = 0; i < MAX_SIMULATED_REVIEWS; i += 1) {
    const at = new Date(Math.max(new Date(current.due).getTime(), now.getTime()));
    if (dayNumberOf(at) >= exam) break;
    const next = scheduleReview(current, true, at);
    current = { ...next, due: examAwareDue(next, at, examDay, new Map()) };
  }
  return current;
}

const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/**
 * Recall today per chapter with at least one reviewed question. `places`: question id → chapter and subject (questions
 * no longer in content are left out); `chapterQuestions`: chapter id → its question ids now.
 */
export function chapterRecall(
  cards: Record<string, ReviewCard>,
  places: ReadonlyMap<string, QuestionPlace>,
  chapterQuestions: ReadonlyMap<string, readonly string[]>,
  now: Date,
): ChapterRecall[] {
  const today = istDay(now);
  return groupByChapter(cards, places).map(({ chapterId, subjectId, questionIds }) => ({
    chapterId,
    subjectId,
    reviewed: questionIds.length,
    unseen: unseenIn(chapterQuestions.get(chapterId), cards),
    recallToday: mean(questionIds.map((id) => cardRecallOn(cards[id]!, today))),
  }));
}

/** The forecast for each subject with an exam date from today on, over its chapters with reviewed questions. */
export function examDayRecall(
  cards: Record<string, ReviewCard>,
  places: ReadonlyMap<string, QuestionPlace>,
  chapterQuestions: ReadonlyMap<string, readonly string[]>,
  examDays: Record<string, string>,
  now: Date,
): ExamDayRecall[] {
  const chapters = groupByChapter(cards, places);
  return Object.entries(examDays)
    .filter(([, examDate]) => examDate >= istDay(now))
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([subjectId, examDate]) => {
      const stopped: number[] = [];
      const paced: number[] = [];
      const perChapter = chapters.filter((c) => c.subjectId === subjectId).map(({ chapterId, questionIds }) => {
        const ifStopped = questionIds.map((id) => cardRecallOn(cards[id]!, examDate));
        const atPace = questionIds.map((id) => cardRecallOn(cardAtPace(cards[id]!, now, examDate), examDate));
        stopped.push(...ifStopped);
        paced.push(...atPace);
        const unseen = unseenIn(chapterQuestions.get(chapterId), cards);
        return { chapterId, reviewed: questionIds.length, unseen, recallIfStopped: mean(ifStopped), recallAtPace: mean(atPace) };
      });
      return {
        subjectId,
        examDate,
        reviewed: stopped.length,
        unseen: perChapter.reduce((sum, c) => sum + c.unseen, 0),
        recallIfStopped: mean(stopped),
        recallAtPace: mean(paced),
        chapters: perChapter,
      };
    });
}

function groupByChapter(cards: Record<string, ReviewCard>, places: ReadonlyMap<string, QuestionPlace>) {
  const byChapter = new Map<string, { chapterId: string; subjectId: string; questionIds: string[] }>();
  for (const [questionId, card] of Object.entries(cards)) {
    const place = places.get(questionId);
    if (!place || !card.last_review) continue;
    const group = byChapter.get(place.chapterId) ?? { ...place, questionIds: [] };
    group.questionIds.push(questionId);
    byChapter.set(place.chapterId, group);
  }
  return [...byChapter.values()];
}

function unseenIn(questionIds: readonly string[] | undefined, cards: Record<string, ReviewCard>): number {
  return (questionIds ?? []).filter((id) => !cards[id]?.last_review).length;
}
