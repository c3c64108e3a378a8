// Who learners are (name and e-mail, from identity.user.upserted), for the inbox. A copy of identity's data:
// a whole-document replace, last writer wins.
import type { Connection, Model } from 'mongoose';
import { feedbackModels, type LearnerDoc } from '../models/index';

export class LearnersRepository {
  private readonly learners: Model<LearnerDoc>;

  constructor(db: Connection) {
    this.learners = feedbackModels(db).learners;
  }

  async save(learner: LearnerDoc): Promise<void> {
    await this.learners.replaceOne({ _id: learner._id }, learner, { upsert: true });
  }

  async byIds(userIds: string[]): Promise<LearnerDoc[]> {
    return userIds.length ? this.learners.find({ _id: { $in: userIds } }).lean() : [];
  }
}
