import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** The one revision-settings document, _id 'revision'. Absent means the defaults (50, 50, 50). */
export interface RevisionSettingsDoc {
  _id: string;
  firstRevisionDays: number;
  secondRevisionDays: number;
  thirdRevisionDays: number;
  updatedAt: Date;
  updatedBy: string;
}

const schema = new Schema<RevisionSettingsDoc>({
  _id: String,
  firstRevisionDays: Number,
  secondRevisionDays: Number,
  thirdRevisionDays: Number,
  updatedAt: Date,
  updatedBy: String,
}, { versionKey: false });

export const revisionSettingsModel = (db: Connection) => modelOn(db, 'RevisionSettings', schema, 'revision_settings');
