// The learner's one paused session (`paused_slots`, _id = learner): a unique insert claims it, so two pauses racing on
// two replicas cannot both hold it; resuming, completing or deleting the session deletes it (exactly that session's).
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { pausedSlotModel, type PausedSlotDoc } from '../models/paused-slot';

export class PausedSlotsRepository {
  private readonly slots: Model<PausedSlotDoc>;

  constructor(db: Connection) {
    this.slots = pausedSlotModel(db);
  }

  async of(userId: string): Promise<PausedSlotDoc | null> {
    return this.slots.findById(userId).lean();
  }

  /** False when the learner's slot is taken (by this session or another). */
  async claim(userId: string, sessionId: string, at: Date): Promise<boolean> {
    return insertOnce(this.slots, { _id: userId, sessionId, pausedAt: at });
  }

  /** Frees the slot if this session holds it. */
  async release(userId: string, sessionId: string): Promise<void> {
    await this.slots.deleteOne({ _id: userId, sessionId });
  }
}
