// Read model of content.chapter.published: which subjects exist, so POST /api/user/subject can refuse an unknown one.
// The kit checks each event against its contract before the handler runs.
import type { EventData } from '@lp/contracts';
import type { ConsumerDefinition } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { subjectModel } from '../models/subject';

export function subjectsConsumer(db: Connection): ConsumerDefinition<EventData<'content.chapter.published'>> {
  const subjects = subjectModel(db);
  return {
    name: 'subjects',
    event: 'content.chapter.published',
    // Upsert by subject id: a redelivered or repeated event changes nothing.
    handle: async ({ data }) => {
      await subjects.updateOne({ _id: data.subjectId.toLowerCase() }, { $set: { name: data.subjectName, className: data.className, updatedAt: new Date() } }, { upsert: true });
    },
  };
}
