// The first answer to each question of a session (`session_answers`, _id `<session>:<question>`): a unique insert, so
// of two answers to one question exactly one counts. Inserts many requests make at once share one command
// (InsertBatch); reads are one _id lookup per question, never `$in` (FerretDB scans the collection for it).
import { InsertBatch } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { sessionAnswerId, sessionAnswerModel, type QuizSessionDoc, type SessionAnswerDoc } from '../models/quiz-session';

export class SessionAnswersRepository {
  private readonly firsts: Model<SessionAnswerDoc>;
  private readonly batch: InsertBatch<SessionAnswerDoc>;

  constructor(db: Connection) {
    this.firsts = sessionAnswerModel(db);
    this.batch = new InsertBatch<SessionAnswerDoc>(this.firsts);
  }

  /** Takes the question for this answer; false when another answer (or the completion's marker) has it. */
  async claim(sessionId: string, questionId: string, answer: { answerId: string; isCorrect: boolean; at: Date }): Promise<boolean> {
    return this.batch.insertOnce({ _id: sessionAnswerId(sessionId, questionId), ...answer });
  }

  /** The answer that holds the question, if any (null `answerId`: the completion's marker). */
  async holderOf(sessionId: string, questionId: string): Promise<SessionAnswerDoc | null> {
    return this.firsts.findById(sessionAnswerId(sessionId, questionId)).lean();
  }

  /** The first answer to each of the session's questions, in its order (null: not answered). */
  async ofSession(session: QuizSessionDoc): Promise<Array<SessionAnswerDoc | null>> {
    const sid = String(session._id);
    return Promise.all(session.questionIds.map((qid) => this.holderOf(sid, qid)));
  }

  /** The completion's markers: every question not yet answered is taken, so a later answer is practice. */
  async close(session: QuizSessionDoc, at: Date): Promise<void> {
    const sid = String(session._id);
    await Promise.all(session.questionIds.map((qid) => this.batch.insertOnce({ _id: sessionAnswerId(sid, qid), answerId: null, isCorrect: null, at })));
  }
}
