// Read model of content.chapter.published: the subjects that exist, so POST /api/user/subject can refuse an unknown
// one. Keyed by the subject id in lower case.
import type { Connection, Model } from 'mongoose';
import { subjectModel, type SubjectDoc } from '../models/subject';

export class SubjectsRepository {
  private readonly subjects: Model<SubjectDoc>;

  constructor(db: Connection) {
    this.subjects = subjectModel(db);
  }

  /** Upsert by subject id: a redelivered or repeated event changes nothing. */
  async record(subject: { id: string; name: string; className: string }, at: Date): Promise<void> {
    await this.subjects.updateOne({ _id: subject.id.toLowerCase() }, { $set: { name: subject.name, className: subject.className, updatedAt: at } }, { upsert: true });
  }

  async exists(id: string): Promise<boolean> {
    return (await this.subjects.exists({ _id: id.toLowerCase() })) !== null;
  }
}
