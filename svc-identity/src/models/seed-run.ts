import { Schema, type Connection, type Model } from 'mongoose';

/** One-time seed steps already done in this database (e.g. the demo subscriber's activation event). */
export interface SeedRunDoc {
  _id: string;
  doneAt: Date;
}

export function seedRunModel(db: Connection): Model<SeedRunDoc> {
  return (db.models.SeedRun as Model<SeedRunDoc> | undefined) ?? db.model<SeedRunDoc>('SeedRun', new Schema<SeedRunDoc>({
    _id: String, doneAt: Date,
  }, { versionKey: false }), 'seed_runs');
}
