import type { Connection, Model, Types } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/** A subject of one class (spec §1, §3). Coming Soon subjects come from the catalogue and have no questions yet. */
export interface SubjectDoc {
  _id: Types.ObjectId;
  className: string;
  name: string;
  /** Dashboard order within the class. */
  order: number;
  comingSoon: boolean;
  /** The Hindi name (issue 33 §1), when an upload gave one. */
  hi?: { name: string } | null;
}

export function subjectModel(db: Connection): Model<SubjectDoc> {
  if (db.models.Subject) return db.models.Subject as Model<SubjectDoc>;
  const schema = new Schema<SubjectDoc>({
    className: { type: String, required: true },
    name: { type: String, required: true },
    order: { type: Number, default: 0 },
    comingSoon: { type: Boolean, default: false },
    hi: { type: new Schema({ name: String }, { _id: false }), default: undefined },
  }, schemaOptions);
  // One subject per class and name: publishing upserts on it.
  schema.index({ className: 1, name: 1 }, { unique: true });
  // A class's subjects in display order (the dashboard's subject list).
  schema.index({ className: 1, order: 1, name: 1 });
  return db.model<SubjectDoc>('Subject', schema, 'subjects');
}
