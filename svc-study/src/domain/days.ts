// Learners are in India: a "day" (streaks, same-day reviews) is a calendar day in Asia/Kolkata
// (UTC+05:30 all year, no daylight saving), written YYYY-MM-DD.

/** One day in milliseconds (India has no daylight saving, so a calendar day is always this long there). */
export const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  return new Date(d.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Consecutive days with activity ending today, or ending yesterday when today has none yet
 * (a streak is not lost until a whole day passes without practice).
 */
export function currentStreak(activeDays: Iterable<string>, now: Date): number {
  const days = new Set(activeDays);
  const today = istDay(now);
  let day = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}
