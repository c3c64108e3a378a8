// The demo bank's seeding runs: 'started' is finished on the next start, 'done' is never repeated.
import type { Connection, Model } from 'mongoose';
import { seedRunModel, type SeedRunDoc } from '../models/seed-run';

export class SeedRunsRepository {
  private readonly runs: Model<SeedRunDoc>;

  constructor(db: Connection) {
    this.runs = seedRunModel(db);
  }

  async byId(id: string): Promise<SeedRunDoc | null> {
    return this.runs.findById(id).lean<SeedRunDoc>();
  }

  async start(id: string): Promise<void> {
    await this.runs.updateOne({ _id: id }, { $set: { state: 'started', startedAt: new Date(), finishedAt: null } }, { upsert: true });
  }

  async finish(id: string): Promise<void> {
    await this.runs.updateOne({ _id: id }, { $set: { state: 'done', finishedAt: new Date() } });
  }
}
