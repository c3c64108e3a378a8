/**
 * A guest's attempt, kept in this tab's sessionStorage: its id and secret key (needed for every answer, the
 * finish and the claim after signing in), where the player is, and the result once finished. Nothing of it is
 * readable by anyone holding only the link.
 */
import type { AttemptResult, ChallengeQuestion } from '@lp/contracts';

export interface StoredAttempt {
  attemptId: string;
  attemptKey: string;
  name: string;
  startedAt: string;
  /** Untimed mode (issue 33 §3): no timer on screen. */
  untimed?: boolean;
  questions: ChallengeQuestion[];
  /** Per answered question id: what was given and whether the server saved it (right or wrong shows at the end). */
  feedback: Record<string, { given: number | string; saved: boolean }>;
  index: number;
  result: AttemptResult | null;
}

const keyOf = (token: string) => `lp-challenge:${token}`;

export function loadAttempt(token: string): StoredAttempt | null {
  try {
    const raw = window.sessionStorage.getItem(keyOf(token));
    return raw ? (JSON.parse(raw) as StoredAttempt) : null;
  } catch {
    return null;
  }
}

export function saveAttempt(token: string, attempt: StoredAttempt | null) {
  try {
    if (attempt) window.sessionStorage.setItem(keyOf(token), JSON.stringify(attempt));
    else window.sessionStorage.removeItem(keyOf(token));
  } catch {
    /* private mode: the attempt lives in memory only */
  }
}
