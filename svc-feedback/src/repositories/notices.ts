// Which desk replies a learner has seen as a notice (issue 31 §17): one insert per learner and reply, never updated,
// so two tabs or replicas marking the same reply write it once.
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { feedbackModels, type NoticeReadDoc } from '../models/index';

const keyOf = (userId: string, replyId: string) => `${userId}:${replyId}`;

export class NoticesRepository {
  private readonly reads: Model<NoticeReadDoc>;

  constructor(db: Connection) {
    this.reads = feedbackModels(db).noticeReads;
  }

  /** The replies among `replyIds` this learner has seen (one query by `_id`, none for no replies). */
  async seen(userId: string, replyIds: string[]): Promise<Set<string>> {
    if (replyIds.length === 0) return new Set();
    const docs = await this.reads.find({ _id: { $in: replyIds.map((id) => keyOf(userId, id)) } }, { _id: 1 }).lean();
    return new Set(docs.map((d) => d._id.slice(userId.length + 1)));
  }

  async markSeen(userId: string, replyIds: string[], at: Date): Promise<void> {
    await Promise.all(replyIds.map((id) => insertOnce(this.reads, { _id: keyOf(userId, id), at })));
  }
}
