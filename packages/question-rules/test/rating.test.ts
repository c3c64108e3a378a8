import { describe, expect, it } from 'vitest';
import { percentage, ratingFor } from '../src/rating';

describe('ratingFor (results screen, spec §4)', () => {
  it('is Excellent! from 90, Good Job! from 70, else Keep Trying!', () => {
    expect(ratingFor(100)).toBe('Excellent!');
    expect(ratingFor(90)).toBe('Excellent!');
    expect(ratingFor(89.99)).toBe('Good Job!');
    expect(ratingFor(70)).toBe('Good Job!');
    expect(ratingFor(69.9)).toBe('Keep Trying!');
    expect(ratingFor(0)).toBe('Keep Trying!');
  });

  it('computes whole percentages and 0 when nothing was answered', () => {
    expect(percentage(9, 10)).toBe(90);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(5, 4)).toBe(100);
  });
});
