import { describe, expect, it } from 'vitest';
import { accuracyOf, formatDuration, ratingFor, spokenDuration } from '../../src/pages/quiz/rating.ts';

describe('result rating (spec §4)', () => {
  it.each([
    [100, 'Excellent!'],
    [90, 'Excellent!'],
    [89.5, 'Good Job!'],
    [89, 'Good Job!'],
    [70, 'Good Job!'],
    [69.9, 'Keep Trying!'],
    [69, 'Keep Trying!'],
    [0, 'Keep Trying!'],
  ])('%s%% is %s', (accuracy, rating) => {
    expect(ratingFor(accuracy)).toBe(rating);
  });
});

describe('accuracy', () => {
  it('is the whole-number share of correct answers among those answered', () => {
    expect(accuracyOf(9, 10)).toBe(90);
    expect(accuracyOf(2, 3)).toBe(67);
    expect(accuracyOf(7, 10)).toBe(70);
  });
  it('is 0 when nothing was answered, and never above 100', () => {
    expect(accuracyOf(0, 0)).toBe(0);
    expect(accuracyOf(5, 4)).toBe(100);
  });
  it('gives the rating at the boundaries a learner would reach', () => {
    expect(ratingFor(accuracyOf(9, 10))).toBe('Excellent!');
    expect(ratingFor(accuracyOf(7, 10))).toBe('Good Job!');
    expect(ratingFor(accuracyOf(6, 10))).toBe('Keep Trying!');
  });
});

describe('time in minutes and seconds', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [60, '1m 00s'],
    [125, '2m 05s'],
    [3599.7, '59m 59s'],
  ])('%s seconds shows "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
  it('spells the time out for screen readers', () => {
    expect(spokenDuration(61)).toBe('1 minute 1 second');
    expect(spokenDuration(130)).toBe('2 minutes 10 seconds');
  });
});
