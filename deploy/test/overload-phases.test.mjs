// The overload bench's arithmetic (deploy/bench/overload.mjs), on made-up records: no stack, a few ms.
import { describe, expect, it } from 'vitest';
import { formatPhaseTable, parsePhases, phaseRows, retryWaitMs } from '../bench/overload.mjs';

describe('the overload bench', () => {
  it('reads --phases as rate:seconds pairs and refuses anything else', () => {
    expect(parsePhases('150:20,600:30,150:40')).toEqual([{ rate: 150, seconds: 20 }, { rate: 600, seconds: 30 }, { rate: 150, seconds: 40 }]);
    expect(() => parsePhases('150,600:30')).toThrow(/"150" is not/);
  });

  it("waits as the browser's queue does: the longer of backoff and Retry-After, plus up to half again", () => {
    expect([retryWaitMs(1, null, 0), retryWaitMs(3, null, 0), retryWaitMs(1, 5000, 0), retryWaitMs(1, 1000, 0.5)]).toEqual([1000, 4000, 5000, 1250]);
  });

  it('counts per phase (503s and their latency, retries, 502s, answers per second) and how long errors lasted after the load dropped', () => {
    const phases = [{ rate: 10, seconds: 2 }, { rate: 10, seconds: 2 }];
    const attempts = [
      { at: 100, ms: 50, status: 200, retry: false },
      { at: 500, ms: 4, status: 503, retry: false },
      { at: 1600, ms: 6, status: 503, retry: false },
      { at: 1700, ms: 30, status: 502, retry: true },
      { at: 2100, ms: 8, status: 503, retry: true },
      { at: 2500, ms: 40, status: 200, retry: true },
      { at: 3000, ms: 40, status: 200, retry: false },
      // Refused for good (a finished quiz): an error, but not one of capacity.
      { at: 3500, ms: 5, status: 409, retry: false },
    ];
    const answers = [{ at: 100, ms: 50, ok: true }, { at: 500, ms: 2040, ok: true }, { at: 3000, ms: 40, ok: true }];
    const [overload, after] = phaseRows(phases, attempts, answers, 4000);
    expect(overload).toMatchObject({ refused: 2, refusedP50: 4, refusedP95: 6, retries: 1, badGateway: 1, answeredPerSecond: 0.5, offered: 1, answerP95: 2040 });
    expect(overload.recoverySeconds).toBeUndefined();
    expect(after).toMatchObject({ refused: 1, retries: 2, badGateway: 0, answeredPerSecond: 1, otherErrors: '409×1', recoverySeconds: 0.108 });
    expect(formatPhaseTable([overload, after]).split('\n')).toHaveLength(4);
  });
});
