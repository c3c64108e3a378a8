import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** The one revision-settings document, _id 'revision'. Absent means the defaults (1, 6, 15 days):
 * nothing is written at start, so a stored document is always an admin's own choice and is kept. */
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
