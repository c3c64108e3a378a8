import type { HindiVersion } from '@lp/contracts';
import type { Connection, Model, Types } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/** A question in its canonical, normalised form (spec §3, §5; `normaliseQuestion` at ingest). */
export interface QuestionDoc {
  _id: Types.ObjectId;
  topicId: Types.ObjectId;
  chapterId: Types.ObjectId;
  subjectId: Types.ObjectId;
  question: string;
  type: 'multiple_choice' | 'true_false' | 'short_answer';
  options: string[];
  /** Canonical: the correct option's text, 'True'/'False', or the short answer. Never sent to a learner's browser. */
  correctAnswer: string;
  explanation: string;
  difficulty: number;
  figureReference: string | null;
  /** Position within the topic, in upload order. */
  order: number;
  /** Identity within the topic (domain/ingest.ts questionHash): publishing upserts on {topicId, hash}. */
  hash: string;
  /** The Hindi version of a bilingual question (issue 33 §1), with its key; null or absent for English only. */
  hi?: HindiVersion | null;
  /** Retired by an admin after flags (issue 32 §4): kept for answer keys of quizzes already running, never in new ones. */
  retired?: boolean;
  /** Where a question generated from a PDF came from, when that was stored with it; null otherwise. */
  source?: { page: number; excerpt: string } | null;
}

/** The fields a learner may see before answering: never correctAnswer, never explanation. */
export const PUBLIC_QUESTION_FIELDS = {
  topicId: 1, chapterId: 1, question: 1, type: 1, options: 1, difficulty: 1, figureReference: 1, order: 1, 'hi.question': 1, 'hi.options': 1,
} as const;

export function questionModel(db: Connection): Model<QuestionDoc> {
  if (db.models.Question) return db.models.Question as Model<QuestionDoc>;
  const schema = new Schema<QuestionDoc>({
    topicId: { type: Schema.Types.ObjectId, required: true },
    chapterId: { type: Schema.Types.ObjectId, required: true },
    subjectId: { type: Schema.Types.ObjectId, required: true },
    question: { type: String, required: true },
    type: { type: String, required: true, enum: ['multiple_choice', 'true_false', 'short_answer'] },
    options: { type: [String], default: [] },
    correctAnswer: { type: String, required: true },
    explanation: { type: String, default: '' },
    difficulty: { type: Number, min: 1, max: 5, default: 1 },
    figureReference: { type: String, default: null },
    order: { type: Number, default: 0 },
    hash: { type: String, required: true },
    hi: { type: new Schema({ question: String, options: [String], correctAnswer: String, explanation: String }, { _id: false }), default: null },
    retired: { type: Boolean, default: false },
    source: { type: new Schema({ page: Number, excerpt: String }, { _id: false }), default: null },
  }, schemaOptions);
  schema.index({ topicId: 1, hash: 1 }, { unique: true });
  // A chapter's or a topic's questions in display order (quizzes, downloads, the PDF job's duplicate check).
  schema.index({ chapterId: 1, order: 1 });
  schema.index({ topicId: 1, order: 1 });
  return db.model<QuestionDoc>('Question', schema, 'questions');
}
