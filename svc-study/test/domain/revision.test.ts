import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/domain/days';
import { DEFAULT_REVISION_DAYS, revisionDaysFrom, revisionState, type RevisionDates } from '../../src/domain/revision';

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

  it('done on time, lands on day 0, F, F+S and F+S+T (the spec timeline): day 1, 7 and 22 with the defaults', () => {
    let p: RevisionDates = { ...fresh };
    const seen: number[] = [];
    for (let day = 0; day <= 60; day++) {
      const s = revisionState(p, DEFAULT_REVISION_DAYS, at(day));
      if (s.recordsField) {
        seen.push(day);
        p = { ...p, [s.recordsField]: at(day) };
      }
    }
    expect(seen).toEqual([1, 7, 22]);
    expect(revisionState(p, DEFAULT_REVISION_DAYS, at(60)).stage).toBe(4);
  });
});

describe('the default intervals and stored settings (issue 31 §9)', () => {
  it('grow, each gap longer than the one before (the spacing research), and stay within the spec (each at least 1)', () => {
    const { firstRevisionDays: f, secondRevisionDays: s, thirdRevisionDays: t } = DEFAULT_REVISION_DAYS;
    expect([f, s, t]).toEqual([1, 6, 15]);
    expect(f).toBeGreaterThanOrEqual(1);
    expect(s).toBeGreaterThan(f);
    expect(t).toBeGreaterThan(s);
  });

  it('are what applies while no admin has saved settings', () => {
    expect(revisionDaysFrom(null)).toEqual({ firstRevisionDays: 1, secondRevisionDays: 6, thirdRevisionDays: 15 });
    expect(revisionDaysFrom(undefined)).toEqual(DEFAULT_REVISION_DAYS);
  });

  it("keep an admin's stored choice as saved, the old 50-day values included", () => {
    expect(revisionDaysFrom({ firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 })).toEqual({ firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 });
    expect(revisionDaysFrom({ firstRevisionDays: 3, secondRevisionDays: 7, thirdRevisionDays: 30 })).toEqual({ firstRevisionDays: 3, secondRevisionDays: 7, thirdRevisionDays: 30 });
  });

  it('fill only an interval that was never stored (or is unusable) with its default', () => {
    expect(revisionDaysFrom({ firstRevisionDays: 4 })).toEqual({ firstRevisionDays: 4, secondRevisionDays: 6, thirdRevisionDays: 15 });
    expect(revisionDaysFrom({ firstRevisionDays: 0, secondRevisionDays: 9, thirdRevisionDays: 2.5 })).toEqual({ firstRevisionDays: 1, secondRevisionDays: 9, thirdRevisionDays: 15 });
  });
});
