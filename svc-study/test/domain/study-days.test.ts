import { describe, expect, it } from 'vitest';
import { answerEffects } from '../../src/domain/answer-effects';
import { dailyCountsAfter, lastDays, studyWindow } from '../../src/domain/study-days';

const now = new Date('2025-06-30T06:00:00.000Z'); // 30 June, 11:30 in India
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);

describe('the 30-day study window (issue 32 §3)', () => {
  it('spans the 30 India days ending today, oldest first', () => {
    const days = lastDays(now, 30);
    expect(days).toHaveLength(30);
    expect([days[0], days[29]]).toEqual(['2025-06-01', '2025-06-30']);
    // 23:59 in India on 30 June is still 30 June, though UTC has moved on to the next day... and back.
    expect(lastDays(new Date('2025-06-30T18:29:00.000Z'), 1)).toEqual(['2025-06-30']);
  });

  it('a missed day costs one day of the window, not the whole run (the streak would be 1)', () => {
    const studied = lastDays(now, 30).filter((d) => d !== '2025-06-29'); // every day but yesterday
    const window = studyWindow(['2025-05-31', ...studied], {}, now); // 31 May is outside the window
    expect(window.daysStudied).toBe(29);
    expect(window.windowDays).toBe(30);
    expect(studyWindow([], {}, now).daysStudied).toBe(0);
  });

  it('gives answers and accuracy per day; a day without answers has no accuracy rather than 0 %', () => {
    const daily = dailyCountsAfter({}, [
      { at: at('2025-06-28'), isCorrect: true }, { at: at('2025-06-28'), isCorrect: false }, { at: at('2025-06-28'), isCorrect: true },
      { at: at('2025-06-30', '00:10'), isCorrect: true },
    ]);
    const window = studyWindow(['2025-06-28', '2025-06-30'], daily, now);
    expect(window.days.slice(-3)).toEqual([
      { day: '2025-06-28', answered: 3, correct: 2, accuracy: 67 },
      { day: '2025-06-29', answered: 0, correct: 0, accuracy: null },
      { day: '2025-06-30', answered: 1, correct: 1, accuracy: 100 },
    ]);
  });

  it('keeps only the recent days’ counts on the learner document', () => {
    const old = dailyCountsAfter({}, [{ at: at('2025-04-01'), isCorrect: true }]);
    expect(Object.keys(old)).toEqual(['2025-04-01']);
    const later = dailyCountsAfter(old, [{ at: at('2025-06-30'), isCorrect: false }]);
    expect(later).toEqual({ '2025-06-30': { answered: 1, correct: 0 } });
  });

  it('counts each counted answer once, even when a retry re-applies it', () => {
    const state = { totalQuestions: 0, activeDays: [], chapters: {}, mistakes: {}, cards: {}, recentAnswerIds: [] };
    const key = { questionId: 'q1', chapterId: 'c1', topicId: 't1', subjectId: 's1' };
    const first = answerEffects(state, [{ answerId: 'a1', key, isCorrect: true, mode: 'full', at: at('2025-06-30') }], 200);
    const again = answerEffects({ ...state, activeDays: first.activeDays, dailyAnswers: first.dailyAnswers, recentAnswerIds: first.recentAnswerIds }, [{ answerId: 'a1', key, isCorrect: true, mode: 'full', at: at('2025-06-30') }], 200);
    expect(first.dailyAnswers).toEqual({ '2025-06-30': { answered: 1, correct: 1 } });
    expect(again.dailyAnswers).toEqual({ '2025-06-30': { answered: 1, correct: 1 } });
  });
});
