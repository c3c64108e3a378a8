import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * A question given to a visitor in a sample quiz: `_id` is `<visitor>:<questionId>` (visitor: `user:<id>` or
 * `ip:<address>`). svc-study scores a sample answer only for a question issued this way, so the public answer call
 * cannot be used to read the bank's keys question by question. Expired ones are swept (no TTL index on FerretDB).
 */
export interface SampleIssueDoc {
  _id: string;
  expiresAt: Date;
}

export function sampleIssueModel(db: Connection): Model<SampleIssueDoc> {
  if (db.models.SampleIssue) return db.models.SampleIssue as Model<SampleIssueDoc>;
  const schema = new Schema<SampleIssueDoc>({ _id: String, expiresAt: Date }, { versionKey: false });
  schema.index({ expiresAt: 1 }); // the sweep of expired issues
  return db.model<SampleIssueDoc>('SampleIssue', schema, 'sample_issues');
}
