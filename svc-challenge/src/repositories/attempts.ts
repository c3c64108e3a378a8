// Attempts at challenges: the attempt (written once), the player's one attempt per challenge and each question's
// first answer (unique inserts), the decided result and a guest's claim (the kit's OnceLog).
import { insertOnce, OnceLog } from '@lp/service-kit';
import { Types, type Connection, type Model } from 'mongoose';
import {
  attemptAnswerId, attemptAnswerModel, attemptModel, attemptPlayerId, attemptPlayerModel,
  type AttemptAnswerDoc, type AttemptClaim, type AttemptCompletion, type AttemptDoc, type AttemptPlayerDoc,
} from '../models/attempt';

export class AttemptsRepository {
  private readonly attempts: Model<AttemptDoc>;
  private readonly answers: Model<AttemptAnswerDoc>;
  private readonly players: Model<AttemptPlayerDoc>;
  private readonly completions: OnceLog<AttemptCompletion>;
  private readonly claims: OnceLog<AttemptClaim>;

  constructor(db: Connection) {
    this.attempts = attemptModel(db);
    this.answers = attemptAnswerModel(db);
    this.players = attemptPlayerModel(db);
    this.completions = new OnceLog<AttemptCompletion>(db, 'attempt_completions');
    this.claims = new OnceLog<AttemptClaim>(db, 'attempt_claims');
  }

  /** An attempt by its id (null for an unknown or malformed one). */
  async byId(id: string): Promise<AttemptDoc | null> {
    return Types.ObjectId.isValid(id) ? this.attempts.findById(id).lean() : null;
  }

  /**
   * Stores the attempt, then takes the player's one slot on its challenge (`player`: `user:<id>` or `browser:<id>`).
   * False when the player had one already (another tab, or a start after seeing the answers): that attempt is never
   * handed out.
   */
  async start(attempt: AttemptDoc, player: string): Promise<boolean> {
    await this.attempts.create(attempt);
    return insertOnce(this.players, { _id: attemptPlayerId(attempt.challengeId, player), attemptId: String(attempt._id), at: attempt.startedAt });
  }

  /** Records the first answer to a question; false when one was recorded already. */
  async recordAnswer(attemptId: string, questionId: string, answer: { answer: number | string; isCorrect: boolean; at: Date }): Promise<boolean> {
    return insertOnce(this.answers, { _id: attemptAnswerId(attemptId, questionId), ...answer });
  }

  /** The first answer to each question (null where none), in the order asked. */
  async firstAnswers(attemptId: string, questionIds: string[]): Promise<(AttemptAnswerDoc | null)[]> {
    return Promise.all(questionIds.map((qid) => this.answers.findById(attemptAnswerId(attemptId, qid)).lean()));
  }

  /** The attempt's decided result, if it finished. */
  async completion(attemptId: string): Promise<AttemptCompletion | null> {
    return this.completions.get(attemptId);
  }

  /** Decides the attempt's result once: a retry gets the first decision. */
  async complete(attemptId: string, completion: AttemptCompletion): Promise<AttemptCompletion> {
    return (await this.completions.decide(attemptId, completion)).value;
  }

  /** Who claimed a guest's result, if anyone. */
  async claim(attemptId: string): Promise<AttemptClaim | null> {
    return this.claims.get(attemptId);
  }

  /** Decides the claim once: the first account wins, and is returned to every later caller. */
  async decideClaim(attemptId: string, claim: AttemptClaim): Promise<AttemptClaim> {
    return (await this.claims.decide(attemptId, claim)).value;
  }
}
