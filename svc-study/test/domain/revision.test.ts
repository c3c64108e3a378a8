import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/domain/days';
import { revisionState, type RevisionDates } from '../../src/domain/revision';

const created = new Date('2025-01-01T10:00:00.000Z');
const at = (day: number, extraMs = 0) => new Date(created.getTime() + day * DAY_MS + extraMs);
const settings = { firstRevisionDays: 10, secondRevisionDays: 20, thirdRevisionDays: 30 };
const fresh: RevisionDates = { createdAt: created, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null };

describe('revision stage along the whole timeline (spec §4)', () => {
  it('is stage 0 at first and until firstRevisionDays have passed since the progress was created', () => {
    expect(revisionState(fresh, settings, at(0))).toMatchObject({ stage: 0, due: false, revisionsDone: 0, nextRevisionAt: at(10) });
    expect(revisionState(fresh, settings, at(10, -1))).toMatchObject({ stage: 0, due: false });
  });

  it('makes the first revision due (stage 1) exactly at firstRevisionDays, and it stays due until done', () => {
    expect(revisionState(fresh, settings, at(10))).toMatchObject({ stage: 1, due: true, recordsField: 'firstRevisionAt', revisionsDone: 0 });
    expect(revisionState(fresh, settings, at(400))).toMatchObject({ stage: 1, due: true });
  });

  it('counts the second revision from the first (done late here), not from creation', () => {
    const first = { ...fresh, firstRevisionAt: at(12) };
    expect(revisionState(first, settings, at(12))).toMatchObject({ stage: 0, due: false, revisionsDone: 1, nextRevisionAt: at(32) });
    expect(revisionState(first, settings, at(31))).toMatchObject({ stage: 0 });
    expect(revisionState(first, settings, at(32))).toMatchObject({ stage: 2, due: true, recordsField: 'secondRevisionAt' });
  });

  it('makes the third due thirdRevisionDays after the second, then all three done is mastered (stage 4)', () => {
    const second = { ...fresh, firstRevisionAt: at(10), secondRevisionAt: at(30) };
    expect(revisionState(second, settings, at(59))).toMatchObject({ stage: 0, revisionsDone: 2, nextRevisionAt: at(60) });
    expect(revisionState(second, settings, at(60))).toMatchObject({ stage: 3, due: true, recordsField: 'thirdRevisionAt' });
    const mastered = { ...second, thirdRevisionAt: at(60) };
    expect(revisionState(mastered, settings, at(60))).toEqual({ stage: 4, due: false, revisionsDone: 3, nextRevisionAt: null, recordsField: null });
    expect(revisionState(mastered, settings, at(5000))).toMatchObject({ stage: 4 });
  });

  it('done on time, lands on day 0, F, F+S and F+S+T (the spec timeline), with the 50-day defaults too', () => {
    const d = { firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 };
    let p: RevisionDates = { ...fresh };
    const seen: number[] = [];
    for (let day = 0; day <= 200; day++) {
      const s = revisionState(p, d, at(day));
      if (s.recordsField) {
        seen.push(day);
        p = { ...p, [s.recordsField]: at(day) };
      }
    }
    expect(seen).toEqual([50, 100, 150]);
    expect(revisionState(p, d, at(200)).stage).toBe(4);
  });
});
