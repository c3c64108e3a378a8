import { describe, expect, it } from 'vitest';
import { placesOf, winnerOf, type Standing } from '../../src/domain/winner';

const timed = (score: number, timeSpent: number): Standing => ({ score, timeSpent, untimed: false });
const untimed = (score: number, timeSpent: number): Standing => ({ score, timeSpent, untimed: true });

describe('the winner rule (spec §4, issue 33 §3: accuracy first)', () => {
  it('a higher score wins whatever the time or mode', () => {
    expect(winnerOf(timed(70, 10), timed(80, 500))).toBe('friend');
    expect(winnerOf(timed(70, 500), timed(69, 10))).toBe('challenger');
    expect(winnerOf(untimed(70, 900), timed(60, 5))).toBe('challenger');
    expect(winnerOf(timed(70, 5), untimed(90, 900))).toBe('friend');
  });

  it('an equal score between two timed players goes to the faster one; equal times are a tie', () => {
    expect(winnerOf(timed(70, 120), timed(70, 90))).toBe('friend');
    expect(winnerOf(timed(70, 90), timed(70, 120))).toBe('challenger');
    expect(winnerOf(timed(70, 90), timed(70, 90))).toBe('tie');
    expect(winnerOf(timed(0, 0), timed(0, 0))).toBe('tie');
  });

  it('an equal score with a player in untimed mode is a tie, whoever was faster', () => {
    expect(winnerOf(timed(70, 30), untimed(70, 600))).toBe('tie');
    expect(winnerOf(untimed(70, 600), timed(70, 30))).toBe('tie');
    expect(winnerOf(untimed(70, 10), untimed(70, 600))).toBe('tie');
  });
});

describe('places in a challenge\'s results', () => {
  it('rank by accuracy first, then time between timed players; an untimed player level on score shares the better place', () => {
    const players = [timed(80, 200), timed(80, 100), untimed(80, 900), timed(90, 999), untimed(50, 1)];
    expect(placesOf(players)).toEqual([3, 2, 2, 1, 5]);
  });

  it('two timed players with the same score and time share a place', () => {
    expect(placesOf([timed(60, 40), timed(60, 40), timed(60, 41)])).toEqual([1, 1, 3]);
  });
});
