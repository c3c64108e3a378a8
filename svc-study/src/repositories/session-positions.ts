// Where the runner was in a session (question index, seconds spent): a whole-document replace, last writer wins,
// which is right for a position.
import type { Connection, Model } from 'mongoose';
import { sessionPositionModel, type SessionPositionDoc } from '../models/quiz-session';

export class SessionPositionsRepository {
  private readonly positions: Model<SessionPositionDoc>;

  constructor(db: Connection) {
    this.positions = sessionPositionModel(db);
  }

  async of(sessionId: string): Promise<SessionPositionDoc | null> {
    return this.positions.findById(sessionId).lean();
  }

  async save(sessionId: string, position: { currentQuestionIndex?: number; timeSpent: number }, at: Date): Promise<void> {
    await this.positions.replaceOne(
      { _id: sessionId },
      { currentQuestionIndex: position.currentQuestionIndex ?? 0, timeSpent: position.timeSpent, updatedAt: at },
      { upsert: true },
    );
  }
}
