// The challenge rules that need no I/O: tokens and keys, expiry and usage, guest names, the default message,
// and scoring an answer and an attempt through the shared question rules.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHALLENGE_EXPIRY_DAYS, LIMITS, type ChallengeStatus } from '@lp/contracts';
import { correctOptionIndex, isAnswerCorrect, percentage, type GradableQuestion } from '@lp/question-rules';

const DAY_MS = 86_400_000;

/** A link token: 128 random bits, URL-safe (22 characters). */
export const newToken = () => randomBytes(16).toString('base64url');
/** An attempt's secret key: 256 random bits; only its hash is stored. */
export const newAttemptKey = () => randomBytes(32).toString('base64url');
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const expiresAtFrom = (createdAt: Date) => new Date(createdAt.getTime() + CHALLENGE_EXPIRY_DAYS * DAY_MS);

/** Spec §8: 'Challenge expired on {date}'; the date as a student reads it (India), in the pages' one format ("9 Mar 2026"). */
export function expiredMessage(expiresAt: Date): string {
  const date = expiresAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  return `Challenge expired on ${date}`;
}

export type LinkState = 'playable' | 'expired' | 'used-up';

/** Whether a link can still be played: not past its expiry, and with a use left (null maxUses: unlimited). */
export function linkState(challenge: { expiresAt: Date; maxUses: number | null }, uses: number, now: Date): LinkState {
  if (now.getTime() >= challenge.expiresAt.getTime()) return 'expired';
  if (challenge.maxUses !== null && uses >= challenge.maxUses) return 'used-up';
  return 'playable';
}

export function challengeStatus(challenge: { expiresAt: Date }, finishedAttempts: number, now: Date): ChallengeStatus {
  if (finishedAttempts > 0) return 'completed';
  return now.getTime() >= challenge.expiresAt.getTime() ? 'expired' : 'open';
}

/** Spec §5: a guest's name is at least 2 characters after trimming; returns the trimmed name or null. */
export function guestNameOf(raw: string | undefined): string | null {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  return name.length >= 2 ? name : null;
}

/** Spec §5: an empty message becomes an invitation to beat the score on the topic. */
export function messageOf(raw: string | undefined, challenger: { name: string; score: number }): string {
  const text = (raw ?? '').trim();
  return text !== '' ? text : `${challenger.name} scored ${challenger.score}% on this topic. Can you beat that score?`;
}

export interface ScoredAnswer {
  isCorrect: boolean;
  correctAnswer: string;
  correctIndex: number | null;
  explanation: string;
}

/** One answer scored with the shared question rules; the key and explanation go back with it. */
export function scoreAnswer(key: GradableQuestion & { options: string[]; correctAnswer: string; explanation: string }, answer: number | string): ScoredAnswer {
  const index = correctOptionIndex(key);
  return {
    isCorrect: isAnswerCorrect(key, answer),
    correctAnswer: index >= 0 ? key.options[index] ?? key.correctAnswer : key.correctAnswer,
    correctIndex: index >= 0 ? index : null,
    explanation: key.explanation,
  };
}

/** An attempt's score: every question of the challenge counts; unanswered ones are wrong. */
export function attemptScore(questionIds: readonly string[], firstAnswers: ReadonlyMap<string, boolean>) {
  const totalQuestions = questionIds.length;
  const correctAnswers = questionIds.filter((id) => firstAnswers.get(id) === true).length;
  return { score: percentage(correctAnswers, totalQuestions), correctAnswers, totalQuestions };
}

/** Time spent, measured by the server from the attempt's start (the client's timer is only shown). */
export function secondsBetween(from: Date, to: Date): number {
  return Math.min(LIMITS.seconds, Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)));
}
