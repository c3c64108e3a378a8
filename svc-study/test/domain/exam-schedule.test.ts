import { describe, expect, it } from 'vitest';
import { istDay } from '../../src/domain/days';
import { BACKLOG_OFFERED_WHOLE, EXAM_DAY_RECALL, dayNumberOf, dueLoad, examAwareDue, recallOnDay, todaysReviewShare } from '../../src/domain/exam-schedule';
import { scheduleReview, type ReviewCard } from '../../src/domain/review';

const DAY = 86_400_000;
const t0 = new Date('2026-01-05T12:30:00.000Z'); // 18:00 in India
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const dayAfter = (days: number) => istDay(at(days));

/** A card answered right at t0 after some reviews, so FSRS gives it a long interval. */
function strongCard(): ReviewCard {
  let card = scheduleReview(null, true, at(-60));
  while (new Date(card.due).getTime() < t0.getTime()) card = scheduleReview(card, true, new Date(card.due));
  return scheduleReview(card, true, t0);
}

describe('exam-aware due dates (issue 32 §1)', () => {
  it('leaves FSRS’s day alone when there is no exam and nothing else is due', () => {
    const card = strongCard();
    expect(examAwareDue(card, t0, null, new Map())).toEqual(new Date(card.due));
  });

  it('brings a card FSRS would show after the exam back into the last days before it, so it is recalled on exam day', () => {
    const card = strongCard();
    const fsrsDays = dayNumberOf(new Date(card.due)) - dayNumberOf(t0);
    expect(fsrsDays).toBeGreaterThan(20);
    const exam = dayAfter(fsrsDays - 1); // FSRS would show it again only after the exam
    expect(recallOnDay(card, exam)).toBeLessThan(EXAM_DAY_RECALL); // without a last review, it would slip
    const due = examAwareDue(card, t0, exam, new Map());
    expect(istDay(due) < exam).toBe(true); // seen once more before the exam
    // Reviewed (right) on that day, its recall on exam day is at least the target.
    const last = scheduleReview(card, true, due);
    expect(recallOnDay(last, exam)).toBeGreaterThanOrEqual(EXAM_DAY_RECALL);
  });

  it('does not move a card whose recall on exam day is already high, nor a mistake due at once', () => {
    const card = strongCard();
    expect(examAwareDue(card, t0, dayAfter(2), new Map())).toEqual(new Date(card.due));
    const wrong = scheduleReview(card, false, at(1));
    expect(examAwareDue(wrong, at(1), dayAfter(20), new Map())).toEqual(at(1));
  });

  it('puts a card on the least loaded day it may go to, never later than FSRS said', () => {
    const card = strongCard();
    const fsrsDay = dayNumberOf(new Date(card.due));
    const busy = dueLoad([]);
    busy.set(fsrsDay, 300);
    const due = examAwareDue(card, t0, null, busy);
    expect(due.getTime()).toBeLessThan(new Date(card.due).getTime());
    expect(due.getTime()).toBeGreaterThan(t0.getTime());
  });
});

describe('todaysReviewShare: a backlog is offered a share a day', () => {
  const due = (daysAgo: number) => ({ due: at(-daysAgo) }) as ReviewCard;
  it('offers every card due today, and a seventh of the backlog', () => {
    const cards = [...Array.from({ length: 20 }, () => due(0)), ...Array.from({ length: 300 }, () => due(3))];
    expect(todaysReviewShare(cards, t0, [])).toBe(20 + Math.ceil(300 / 7));
  });
  it('clears the backlog faster when the exam is closer than a week, and all of it the day before', () => {
    const cards = Array.from({ length: 300 }, () => due(3));
    expect(todaysReviewShare(cards, t0, [dayAfter(3)])).toBe(100);
    expect(todaysReviewShare(cards, t0, [dayAfter(1), dayAfter(40)])).toBe(300);
  });
  it('offers a small backlog whole, and at least a session’s worth of a big one', () => {
    expect(todaysReviewShare([due(30), due(29)], t0, [])).toBe(2);
    expect(todaysReviewShare(Array.from({ length: 70 }, () => due(3)), t0, [])).toBe(BACKLOG_OFFERED_WHOLE);
  });
});
