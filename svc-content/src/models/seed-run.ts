import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** Marks the demo bank's seeding: 'started' is finished on the next start, 'done' is never repeated. */
export interface SeedRunDoc {
  _id: string;
  state: 'started' | 'done';
  startedAt: Date;
  finishedAt: Date | null;
}

export function seedRunModel(db: Connection): Model<SeedRunDoc> {
  if (db.models.SeedRun) return db.models.SeedRun as Model<SeedRunDoc>;
  return db.model<SeedRunDoc>('SeedRun', new Schema<SeedRunDoc>({
    _id: String, state: { type: String, enum: ['started', 'done'] }, startedAt: Date, finishedAt: { type: Date, default: null },
  }, { versionKey: false, strict: true, strictQuery: 'throw' }), 'seed_runs');
}
