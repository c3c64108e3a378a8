import { describe, expect, it } from 'vitest';
import { spokenDuration } from '../src/duration';
import { SUCCESS_SCORE, ratingFor } from '../src/rating';

describe('spokenDuration (screen readers, spec §9 "minutes and seconds")', () => {
  it('says minutes and seconds both, as the screens show them, in whole seconds', () => {
    expect(spokenDuration(45)).toBe('45 seconds');
    expect(spokenDuration(1)).toBe('1 second');
    expect(spokenDuration(60)).toBe('1 minute 0 seconds');
    expect(spokenDuration(61)).toBe('1 minute 1 second');
    expect(spokenDuration(125.9)).toBe('2 minutes 5 seconds');
    expect(spokenDuration(-3)).toBe('0 seconds');
  });
  it("says the units in the page's words when given them (a Hindi catalogue)", () => {
    const hindi = { minutes: (n: number) => `${n} मिनट`, seconds: (n: number) => `${n} सेकंड` };
    expect(spokenDuration(125, hindi)).toBe('2 मिनट 5 सेकंड');
    expect(spokenDuration(45, hindi)).toBe('45 सेकंड');
  });
});

describe('SUCCESS_SCORE', () => {
  it('is 70: the first Good Job! score, and the challenge success', () => {
    expect(SUCCESS_SCORE).toBe(70);
    expect(ratingFor(SUCCESS_SCORE)).toBe('Good Job!');
    expect(ratingFor(SUCCESS_SCORE - 1)).toBe('Keep Trying!');
  });
});
