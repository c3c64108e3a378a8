import { Schema, type Connection, type Model } from 'mongoose';

/** Read model of content.chapter.published: the subjects that exist, for POST /api/user/subject. */
export interface SubjectDoc {
  _id: string;
  name: string;
  className: string;
  updatedAt: Date;
}

export function subjectModel(db: Connection): Model<SubjectDoc> {
  return (db.models.Subject as Model<SubjectDoc> | undefined) ?? db.model<SubjectDoc>('Subject', new Schema<SubjectDoc>({
    _id: String, name: String, className: String, updatedAt: Date,
  }, { versionKey: false }), 'subjects');
}
