import { describe, expect, it } from 'vitest';
import { pickRandom, SAMPLE_SIZE } from '../../src/domain/sampling';

describe('random sampling, picked in code', () => {
  const items = Array.from({ length: 25 }, (_, i) => i);

  it('picks the sample size of distinct items from the pool', () => {
    for (let run = 0; run < 200; run++) {
      const picked = pickRandom(items, SAMPLE_SIZE);
      expect(picked).toHaveLength(10);
      expect(new Set(picked).size).toBe(10);
      for (const p of picked) expect(items).toContain(p);
    }
  });

  it('gives everything, once each, when the pool is smaller than the sample, and nothing from nothing', () => {
    expect(pickRandom([1, 2, 3], 10).sort()).toEqual([1, 2, 3]);
    expect(pickRandom([], 10)).toEqual([]);
    expect(pickRandom(items, 0)).toEqual([]);
  });

  it('leaves the pool untouched and reaches every item', () => {
    const copy = [...items];
    const seen = new Set<number>();
    for (let run = 0; run < 300; run++) for (const p of pickRandom(items, 3)) seen.add(p);
    expect(items).toEqual(copy);
    expect(seen.size).toBe(items.length);
  });

  it('is a uniform shuffle given the random source (edge values stay in range)', () => {
    expect(pickRandom([1, 2, 3], 3, () => 0)).toEqual([1, 2, 3]);
    expect(new Set(pickRandom([1, 2, 3], 3, () => 0.999999)).size).toBe(3);
  });
});
