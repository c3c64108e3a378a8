import { GetTopic, GetTopicWithQuestions } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FullListGuard } from '../full-list-access';
import type { ContentReads } from '../../reads/content-reads';

export function topicRoutes(app: ServiceApp, reads: ContentReads, fullList: FullListGuard) {
  addRoute(app, GetTopic, async (request) => reads.topic(request.params.id));
  addRoute(app, GetTopicWithQuestions, async (request) => {
    const topic = await reads.topic(request.params.id);
    await fullList(request, { topicId: topic.id });
    return { ...topic, questions: await reads.topicQuestions(topic.id) };
  });
}
