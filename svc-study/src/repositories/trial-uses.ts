// Free trial quizzes taken (`trial_uses`, _id `<learner>:trial:<n>`): a unique insert per trial, so two quiz starts
// racing cannot take the same one.
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { DEFAULT_TRIAL_QUIZZES } from '../domain/entitlement';
import { trialUseModel, type TrialUseDoc } from '../models/trial-use';

export class TrialUsesRepository {
  private readonly uses: Model<TrialUseDoc>;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.uses = trialUseModel(db);
  }

  private ids(userId: string): string[] {
    return Array.from({ length: DEFAULT_TRIAL_QUIZZES }, (_, i) => `${userId}:trial:${i + 1}`);
  }

  /** Trial quizzes the learner has not taken (one _id lookup per trial). */
  async remaining(userId: string): Promise<number> {
    const used = await Promise.all(this.ids(userId).map((id) => this.uses.findById(id).lean()));
    return used.filter((t) => !t).length;
  }

  /** Takes a free trial quiz for the session if one is left; false when the trial is used. */
  async consume(userId: string, sessionId: string): Promise<boolean> {
    for (const id of this.ids(userId)) {
      if (await insertOnce(this.uses, { _id: id, userId, sessionId, usedAt: this.clock() })) return true;
    }
    return false;
  }
}
