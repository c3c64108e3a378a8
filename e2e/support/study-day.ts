// A learner's day is a calendar day in Asia/Kolkata (svc-study/src/domain/days.ts). Tests whose premise is "the same
// day" (a retake, a mistake review right after a quiz) would otherwise fail when a run straddles IST midnight
// (18:30 UTC), as a CI run once did: the review, on the new day, is rightly rated as a new day's review.
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** Milliseconds until the next IST midnight. */
export function untilIstMidnight(now = Date.now()): number {
  return DAY_MS - ((now + IST_OFFSET_MS) % DAY_MS);
}

/** Waits for the next IST day when fewer than `minutes` remain of this one, so the caller's steps fall within one day. */
export async function withinOneStudyDay(minutes: number): Promise<void> {
  const left = untilIstMidnight();
  if (left < minutes * 60_000) await new Promise((resolve) => setTimeout(resolve, left + 5_000));
}
