import { Rating, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { gradeFor, newReviewCard, scheduleReview } from '../../src/domain/review';

const t0 = new Date('2025-06-01T04:00:00.000Z'); // 09:30 in India
const later = (ms: number) => new Date(t0.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('FSRS mapping for the review queue', () => {
  it('maps a correct answer to Good and a wrong one to Again', () => {
    expect(gradeFor(true)).toBe(Rating.Good);
    expect(gradeFor(false)).toBe(Rating.Again);
  });

  it('schedules a new question days ahead when right, and puts a wrong one back in the queue at once', () => {
    const good = scheduleReview(null, true, t0);
    const again = scheduleReview(null, false, t0);
    expect(good.state).toBe(State.Review);
    expect(good.due.getTime() - t0.getTime()).toBeGreaterThanOrEqual(2 * DAY);
    expect(again.due.getTime()).toBe(t0.getTime());
    expect(again.scheduled_days).toBe(1);
    expect(good.reps).toBe(1);
  });

  it('takes a mistake out of the queue when it is answered right the same day, without stretching its interval', () => {
    const wrong = scheduleReview(null, false, t0);
    const fixed = scheduleReview(wrong, true, later(2 * HOUR));
    expect(fixed.due.getTime()).toBe(t0.getTime() + DAY);
    expect(fixed.stability).toBe(wrong.stability);
    expect(fixed.reps).toBe(wrong.reps);
    // Right again later that day: nothing changes.
    expect(scheduleReview(fixed, true, later(3 * HOUR))).toBe(fixed);
  });

  it('does not inflate the interval when the same question is answered right again the same day', () => {
    const first = scheduleReview(newReviewCard(t0), true, t0);
    const sameDay = scheduleReview(first, true, later(6 * HOUR)); // 15:30 IST, still 1 June
    expect(sameDay).toBe(first);
    expect(sameDay.due).toEqual(first.due);
    // 20:00 UTC is 01:30 on 2 June in India: a new day, so it counts.
    const nextIndianDay = scheduleReview(first, true, later(16 * HOUR));
    expect(nextIndianDay.reps).toBe(2);
  });

  it('lets a wrong answer the same day bring the question back sooner, without a second lapse (issue 32 §5)', () => {
    const first = scheduleReview(null, true, t0);
    const wrong = scheduleReview(first, false, later(HOUR));
    expect(wrong.due.getTime()).toBe(later(HOUR).getTime());
    expect(wrong).toMatchObject({ stability: first.stability, difficulty: first.difficulty, reps: first.reps, lapses: 0 });
  });

  it('rates only the day’s first answer: a retake and a mistake review the same day leave stability as it was (issue 32 §5)', () => {
    const quiz = scheduleReview(null, false, t0); // wrong in the quiz: one lapse, due at once
    const retake = scheduleReview(quiz, false, later(HOUR)); // wrong again in a retake
    const review = scheduleReview(retake, true, later(2 * HOUR)); // right in the mistake review
    for (const card of [retake, review]) {
      expect(card).toMatchObject({ stability: quiz.stability, difficulty: quiz.difficulty, reps: quiz.reps, lapses: quiz.lapses });
    }
    expect(retake.due.getTime()).toBeLessThanOrEqual(later(HOUR).getTime());
    expect(review.due.getTime()).toBe(t0.getTime() + DAY);
    // The next India day, the answer is a review again.
    expect(scheduleReview(review, true, later(DAY)).reps).toBe(quiz.reps + 1);
  });

  it('grows the interval when a question is right on its due day', () => {
    const first = scheduleReview(null, true, t0);
    const second = scheduleReview(first, true, first.due);
    expect(second.due.getTime() - first.due.getTime()).toBeGreaterThan(first.due.getTime() - t0.getTime());
  });
});
