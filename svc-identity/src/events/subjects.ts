// Read model of content.chapter.published: which subjects exist, so POST /api/user/subject can refuse an unknown one.
// The kit checks each event against its contract before the handler runs.
import type { EventData } from '@lp/contracts';
import type { ConsumerDefinition } from '@lp/service-kit';
import type { SubjectsRepository } from '../repositories/subjects';

export function subjectsConsumer(subjects: SubjectsRepository): ConsumerDefinition<EventData<'content.chapter.published'>> {
  return {
    name: 'subjects',
    event: 'content.chapter.published',
    // Upsert by subject id: a redelivered or repeated event changes nothing.
    handle: async ({ data }) => {
      await subjects.record({ id: data.subjectId, name: data.subjectName, className: data.className }, new Date());
    },
  };
}
