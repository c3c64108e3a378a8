import { describe, expect, it } from 'vitest';
import { topicStats } from '../../src/domain/topic-stats';

describe('topic stats', () => {
  it('counts questions, the easy share (difficulty 1), the hard share (3 and 4) and each type', () => {
    const q = (difficulty: number, type: 'multiple_choice' | 'true_false' | 'short_answer' = 'multiple_choice') => ({ difficulty, type });
    expect(topicStats([q(1), q(1, 'true_false'), q(2), q(3, 'short_answer'), q(4), q(5)])).toEqual({
      questionCount: 6,
      easyPercentage: 33,
      hardPercentage: 33,
      questionCountByType: { multiple_choice: 4, true_false: 1, short_answer: 1 },
    });
    expect(topicStats([q(1), q(2), q(3)])).toMatchObject({ easyPercentage: 33, hardPercentage: 33 });
    expect(topicStats([q(1), q(1), q(3)])).toMatchObject({ easyPercentage: 67, hardPercentage: 33 });
  });

  it('gives zeros, not NaN, for a topic without questions', () => {
    expect(topicStats([])).toEqual({ questionCount: 0, easyPercentage: 0, hardPercentage: 0, questionCountByType: { multiple_choice: 0, true_false: 0, short_answer: 0 } });
  });
});
