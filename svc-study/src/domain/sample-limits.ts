// The ceilings on sample answers (routes/answers/sample-guard.ts): per visitor and per address an hour, per account a day.
const HOUR = 3_600_000;

/** Six sample quizzes of ten questions an hour, per visitor. */
export const SAMPLE_ANSWERS = { limit: 60, windowMs: HOUR };
/** Twelve sample quizzes an hour for everyone behind one address. */
export const SAMPLE_ANSWERS_PER_ADDRESS = { limit: 120, windowMs: HOUR };
/** Ten sample quizzes a day per account. */
export const SAMPLE_ANSWERS_PER_ACCOUNT_DAY = { limit: 100, windowMs: 24 * HOUR };

