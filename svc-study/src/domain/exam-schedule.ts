// Review scheduling that aims at the exam (issue 32 §1). FSRS alone aims at 90 % recall on whatever day a card comes
// due; a student aims at one day. Two rules, applied to the due date FSRS gives a card answered right:
// - The exam cap: a card FSRS would next show on or after the exam day, whose recall on exam day would fall below
//   EXAM_DAY_RECALL, is shown once more in the last days before the exam, on a day close enough that its recall on
//   exam day stays at or above EXAM_DAY_RECALL (FSRS's own curve; the review only makes the card stronger).
// - Levelling: within the days allowed (the cap's final window, or up to LEVELLING_SHARE of the interval before the
//   FSRS day), the card goes on the day with the fewest cards due, the latest such day on a tie. Cards only move
//   earlier, so recall never falls below what FSRS planned.
// A backlog (a missed week) is offered a share a day, not all at once: `todaysReviewShare`.
import { DAY_MS, istDay } from './days';
import { dueQuestionIds, recallAfter, type ReviewCard } from './review';

/** The recall aimed at on exam day: above FSRS's everyday 0.9, because that is the day that counts. */
export const EXAM_DAY_RECALL = 0.95;
/** How much earlier than FSRS's day a card may move to level the load, as a share of its interval. */
export const LEVELLING_SHARE = 0.15;
/** A backlog of overdue cards is offered over at most this many days (fewer if an exam comes sooner). */
export const BACKLOG_SPREAD_DAYS = 7;
/** A backlog up to a day's usual session is offered whole: pacing is for a pile, not for two late cards. */
export const BACKLOG_OFFERED_WHOLE = 20;

/** An India day (YYYY-MM-DD) as a whole number of days, so days can be counted and compared. */
export const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);
export const dayNumberOf = (at: Date): number => dayNumber(istDay(at));

/** Cards due per India day (day number → count). */
export type DueLoad = Map<number, number>;

export function dueLoad(cards: Iterable<ReviewCard>): DueLoad {
  const load: DueLoad = new Map();
  for (const card of cards) addToLoad(load, card, 1);
  return load;
}

export function addToLoad(load: DueLoad, card: ReviewCard, delta: 1 | -1): void {
  const day = dayNumberOf(new Date(card.due));
  load.set(day, (load.get(day) ?? 0) + delta);
}

/** Whole days after a review during which recall stays at or above `recall`, at least 1. */
export function daysHolding(stability: number, recall: number): number {
  let days = 1;
  while (recallAfter(days + 1, stability) >= recall && days < 36_500) days += 1;
  return days;
}

/**
 * The due date of a card FSRS has just scheduled (`scheduled`, reviewed at `now`), given the exam day of its subject
 * (null: none set) and the learner's cards due per day (`load`, without this card).
 */
export function examAwareDue(scheduled: ReviewCard, now: Date, examDay: string | null, load: DueLoad): Date {
  const due = new Date(scheduled.due);
  const today = dayNumberOf(now);
  const fsrsDay = dayNumberOf(due);
  if (fsrsDay <= today) return due; // due at once: a mistake is not moved
  let earliest = Math.max(today + 1, fsrsDay - Math.floor((fsrsDay - today) * LEVELLING_SHARE));
  let latest = fsrsDay;
  const exam = examDay ? dayNumber(examDay) : null;
  if (exam !== null && exam > today + 1 && fsrsDay >= exam && recallAfter(exam - today, scheduled.stability) < EXAM_DAY_RECALL) {
    latest = exam - 1;
    earliest = Math.max(today + 1, exam - daysHolding(scheduled.stability, EXAM_DAY_RECALL));
  }
  let best = latest;
  for (let day = latest - 1; day >= earliest; day -= 1) if ((load.get(day) ?? 0) < (load.get(best) ?? 0)) best = day;
  return new Date(due.getTime() - (fsrsDay - best) * DAY_MS);
}

/**
 * How many reviews to offer today: every card due today on time, plus an even share of the backlog (cards due on
 * earlier days), spread over BACKLOG_SPREAD_DAYS or the days left before the learner's next exam, if sooner; a
 * backlog of up to BACKLOG_OFFERED_WHOLE cards (or that many of a bigger one, if more than its share) comes at once.
 * Asking again offers the next share: the schedule paces, it does not forbid.
 */
export function todaysReviewShare(cards: Iterable<ReviewCard>, now: Date, examDays: Iterable<string>): number {
  const today = dayNumberOf(now);
  let onTime = 0;
  let backlog = 0;
  for (const card of cards) {
    const due = new Date(card.due);
    if (due.getTime() > now.getTime()) continue;
    if (dayNumberOf(due) >= today) onTime += 1;
    else backlog += 1;
  }
  const daysToExam = [...examDays].map((d) => dayNumber(d) - today).filter((d) => d > 0);
  const spread = Math.max(1, Math.min(BACKLOG_SPREAD_DAYS, ...daysToExam));
  return onTime + Math.max(Math.min(backlog, BACKLOG_OFFERED_WHOLE), Math.ceil(backlog / spread));
}

/** Predicted recall of a card on exam day, if it is not reviewed again before then. */
export function recallOnDay(card: ReviewCard, day: string): number {
  if (!card.last_review || card.stability <= 0) return 0;
  return recallAfter(dayNumber(day) - dayNumberOf(new Date(card.last_review)), card.stability);
}

/** The review queue: the cards due now, most overdue first, at most today's share and `limit`. */
export function todaysReviews(cards: Record<string, ReviewCard>, examDays: Record<string, string>, now: Date, limit: number) {
  return dueQuestionIds(cards, now, Math.min(limit, todaysReviewShare(Object.values(cards), now, Object.values(examDays))));
}

/** Reviews due on each of `days` India days from today; today counts everything overdue as well. */
export function reviewCalendar(cards: Iterable<ReviewCard>, now: Date, days: number): Array<{ day: string; due: number }> {
  const today = dayNumberOf(now);
  const load = dueLoad(cards);
  return Array.from({ length: days }, (_, i) => {
    let due = load.get(today + i) ?? 0;
    if (i === 0) for (const [day, count] of load) if (day < today) due += count;
    return { day: istDay(new Date((today + i) * DAY_MS)), due };
  });
}
