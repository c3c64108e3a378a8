import { GetTopic, GetTopicWithQuestions } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FastifyRequest } from 'fastify';
import type { ContentReads } from '../../reads/content-reads';

export function topicRoutes(app: ServiceApp, reads: ContentReads, fullList: (request: FastifyRequest) => Promise<void>) {
  addRoute(app, GetTopic, async (request) => reads.topic(request.params.id));
  addRoute(app, GetTopicWithQuestions, async (request) => {
    const topic = await reads.topic(request.params.id);
    await fullList(request);
    return { ...topic, questions: await reads.topicQuestions(topic.id) };
  });
}
