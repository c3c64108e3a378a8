// Random samples are picked in code: FerretDB has no $sample stage.

/** Up to `count` distinct items, in random order (a partial Fisher-Yates shuffle of a copy). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const n = Math.max(0, Math.min(count, pool.length));
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

/** Questions in a sample quiz (spec §9). */
export const SAMPLE_SIZE = 10;
