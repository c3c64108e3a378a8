// The simulated student (src/simulation/exam-student.ts): 1,000 cards, 90 days, a missed week. The exam-aware
// schedule must recall more on exam day than plain FSRS and never pile the backlog onto one day.
import { describe, expect, it } from 'vitest';
import { simulateStudent } from '../../src/simulation/exam-student';

describe('a simulated student with an exam date (issue 32 §1)', () => {
  const plain = simulateStudent({ schedule: 'fsrs' });
  const exam = simulateStudent({ schedule: 'exam' });

  it('recalls more on exam day than with plain FSRS', () => {
    expect(exam.meanRecallOnExamDay).toBeGreaterThan(plain.meanRecallOnExamDay);
    expect(exam.meanRecallOnExamDay).toBeGreaterThanOrEqual(0.95);
    expect(exam.atLeast90).toBeGreaterThan(plain.atLeast90);
    expect(exam.reviewedInLastFortnight).toBeGreaterThan(plain.reviewedInLastFortnight);
  });

  it('spreads the load: the day back after the missed week is no pile, and no day takes a third of the plain peak', () => {
    expect(plain.largestDailyLoad).toBeGreaterThan(300); // the week's reviews all at once
    expect(exam.largestDailyLoad).toBeLessThan(plain.largestDailyLoad / 2.5);
    expect(exam.largestDailyLoad).toBeLessThan(3 * exam.meanDailyLoad);
  });

  it('is deterministic: the same student gives the same numbers', () => {
    expect(simulateStudent({ schedule: 'exam' })).toEqual(exam);
  });
});
