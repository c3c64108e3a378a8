import { describe, expect, it } from 'vitest';
import { currentStreak, istDay, previousDay } from '../../src/domain/days';

describe('India days and streaks', () => {
  it('uses Asia/Kolkata calendar days (UTC+05:30)', () => {
    expect(istDay(new Date('2025-06-01T18:29:59.000Z'))).toBe('2025-06-01');
    expect(istDay(new Date('2025-06-01T18:30:00.000Z'))).toBe('2025-06-02');
    expect(previousDay('2025-03-01')).toBe('2025-02-28');
  });

  it('counts consecutive days ending today, or yesterday while today has no activity yet', () => {
    const now = new Date('2025-06-10T06:00:00.000Z');
    expect(currentStreak([], now)).toBe(0);
    expect(currentStreak(['2025-06-10', '2025-06-09', '2025-06-08', '2025-06-06'], now)).toBe(3);
    expect(currentStreak(['2025-06-09', '2025-06-08'], now)).toBe(2);
    expect(currentStreak(['2025-06-08'], now)).toBe(0);
  });
});
