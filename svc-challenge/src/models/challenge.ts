// A challenge, written once and never updated (FerretDB v1 does not make concurrent updates atomic): what
// changes afterwards (uses, results, claims) lives in records of its own, each a unique insert. Read by _id.
import { Schema, Types, type Connection } from 'mongoose';
import { modelOn } from '@lp/service-kit';
import type { ChallengeKind, ChallengeQuestion } from '@lp/contracts';

export interface ChallengeDoc {
  _id: Types.ObjectId;
  token: string;
  kind: ChallengeKind;
  challengerId: string;
  challengerName: string;
  challengedId: string | null;
  challengedName: string | null;
  /** The finished quiz it was made from; null for a challenge back (made from a played challenge, `backOf`). */
  sessionId: string | null;
  /** A challenge back: the attempt (at another challenge) whose player made it; one per attempt. */
  backOf?: string | null;
  chapterId: string | null;
  topicId: string | null;
  /** What the quiz is on, from svc-content when it was made; null on challenges made before (issue 31, item 13). */
  subjectName?: string | null;
  chapterName?: string | null;
  challengerScore: number;
  challengerTime: number;
  challengerCorrectAnswers: number;
  challengerTotalQuestions: number;
  /** The challenger played in untimed mode (issue 33 §3): their time is not a tie-break. Absent on older challenges. */
  challengerUntimed?: boolean;
  questions: ChallengeQuestion[];
  message: string | null;
  maxUses: number | null;
  expiresAt: Date;
  createdAt: Date;
}

const question = new Schema<ChallengeQuestion>({
  id: String, text: String, type: String, options: [String], figureReference: { type: String, default: null },
  // A bilingual question's Hindi (issue 33 §1); absent for English-only ones.
  hi: { type: new Schema({ question: String, options: [String] }, { _id: false }), default: undefined },
}, { _id: false });
const schema = new Schema<ChallengeDoc>({
  token: String, kind: String, challengerId: String, challengerName: String,
  challengedId: { type: String, default: null }, challengedName: { type: String, default: null },
  sessionId: { type: String, default: null }, backOf: { type: String, default: null }, chapterId: { type: String, default: null }, topicId: { type: String, default: null },
  subjectName: { type: String, default: null }, chapterName: { type: String, default: null },
  challengerScore: Number, challengerTime: Number, challengerCorrectAnswers: Number, challengerTotalQuestions: Number,
  challengerUntimed: { type: Boolean, default: false },
  questions: [question], message: { type: String, default: null }, maxUses: { type: Number, default: null },
  expiresAt: Date, createdAt: Date,
}, { versionKey: false });
export const challengeModel = (db: Connection) => modelOn(db, 'Challenge', schema, 'challenges');

/** The token → challenge lookup, by _id (FerretDB scans a collection for any other filter). */
export interface TokenDoc { _id: string; challengeId: string }
const tokenSchema = new Schema<TokenDoc>({ _id: String, challengeId: String }, { versionKey: false });
export const tokenModel = (db: Connection) => modelOn(db, 'ChallengeToken', tokenSchema, 'challenge_tokens');
