// Answer records (`answers`): _id is the client's answer id, inserted once and never updated; inserts many requests
// make at once share one command (InsertBatch).
import { InsertBatch } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { answerRecordModel, type AnswerRecordDoc } from '../models/answer-record';

export class AnswersRepository {
  private readonly answers: Model<AnswerRecordDoc>;
  private readonly batch: InsertBatch<AnswerRecordDoc>;

  constructor(db: Connection) {
    this.answers = answerRecordModel(db);
    this.batch = new InsertBatch<AnswerRecordDoc>(this.answers);
  }

  /** False when an answer with this id is recorded already (a retry, or a reused id). */
  async record(answer: AnswerRecordDoc): Promise<boolean> {
    return this.batch.insertOnce(answer);
  }

  async byId(answerId: string): Promise<AnswerRecordDoc | null> {
    return this.answers.findById(answerId).lean();
  }
}
