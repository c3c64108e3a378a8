// One play of a challenge: inserted once when it starts, never updated. Its first answer to each question is a
// record keyed `<attemptId>:<questionId>` (a unique insert: exactly one answer per question counts); its result
// is decided once (`attempt_completions`, the kit's OnceLog) and a guest's claim too (`attempt_claims`).
import { Schema, Types, type Connection } from 'mongoose';
import { modelOn } from '@lp/service-kit';

export interface AttemptDoc {
  _id: Types.ObjectId;
  challengeId: string;
  userId: string | null;
  guestName: string | null;
  name: string;
  /** sha256 of the attempt key handed to the player: the key itself is never stored. */
  keyHash: string;
  startedAt: Date;
  /** Played in untimed mode (issue 33 §3): no timer shown, and the time is not a tie-break. */
  untimed?: boolean;
}
const schema = new Schema<AttemptDoc>({
  challengeId: String, userId: { type: String, default: null }, guestName: { type: String, default: null }, name: String, keyHash: String, startedAt: Date,
  untimed: { type: Boolean, default: false },
}, { versionKey: false });
export const attemptModel = (db: Connection) => modelOn(db, 'ChallengeAttempt', schema, 'attempts');

/**
 * A player's one attempt at a challenge: _id `<challengeId>:<player>` (`user:<id>`, or `browser:<id>` for a guest's
 * browser), a unique insert, so of two starts by one player exactly one gets an attempt, on any replica.
 */
export interface AttemptPlayerDoc { _id: string; attemptId: string; at: Date }
const playerSchema = new Schema<AttemptPlayerDoc>({ _id: String, attemptId: String, at: Date }, { versionKey: false });
export const attemptPlayerModel = (db: Connection) => modelOn(db, 'ChallengeAttemptPlayer', playerSchema, 'attempt_players');
export const attemptPlayerId = (challengeId: string, player: string) => `${challengeId}:${player}`;

export interface AttemptAnswerDoc { _id: string; answer: number | string; isCorrect: boolean; at: Date }
const answerSchema = new Schema<AttemptAnswerDoc>({ _id: String, answer: Schema.Types.Mixed, isCorrect: Boolean, at: Date }, { versionKey: false });
export const attemptAnswerModel = (db: Connection) => modelOn(db, 'ChallengeAttemptAnswer', answerSchema, 'attempt_answers');
export const attemptAnswerId = (attemptId: string, questionId: string) => `${attemptId}:${questionId}`;

/** What finishing an attempt decided, once. */
export interface AttemptCompletion {
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  timeSpent: number;
  completedAt: string;
  /** Its use number (1 = the first finished attempt). */
  use: number;
}

export interface AttemptClaim { userId: string; claimedAt: string }

/** Names of users and their untimed-mode setting, from identity.user.upserted (last event wins: values, not counts). */
export interface UserNameDoc { _id: string; name: string; email: string; untimed?: boolean }
const userSchema = new Schema<UserNameDoc>({ _id: String, name: String, email: String, untimed: { type: Boolean, default: false } }, { versionKey: false });
export const userNameModel = (db: Connection) => modelOn(db, 'ChallengeUserName', userSchema, 'user_names');
