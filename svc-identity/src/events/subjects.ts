// Read model of content.chapter.published: which subjects exist, so POST /api/user/subject can refuse an unknown one.
// The kit checks each event against its contract before the handler runs.
import { onEvent, type ConsumerDefinition } from '@lp/service-kit';
import type { SubjectsRepository } from '../repositories/subjects';

export function subjectsConsumer(subjects: SubjectsRepository): ConsumerDefinition<never> {
  // Upsert by subject id: a redelivered or repeated event changes nothing.
  return onEvent('content.chapter.published', 'subjects', async ({ data }) => {
    await subjects.record({ id: data.subjectId, name: data.subjectName, className: data.className }, new Date());
  });
}
