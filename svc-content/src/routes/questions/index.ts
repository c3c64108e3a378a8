import { GetChapterQuestions, GetSampleQuestions } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FastifyRequest } from 'fastify';
import type { ContentReads } from '../../reads/content-reads';

export function questionRoutes(app: ServiceApp, reads: ContentReads, fullList: (request: FastifyRequest) => Promise<void>) {
  addRoute(app, GetChapterQuestions, async (request) => {
    await reads.chapter(request.params.id);
    await fullList(request);
    return reads.chapterQuestions(request.params.id);
  });
  // Samples are for everyone, visitors included (spec §6).
  addRoute(app, GetSampleQuestions, async (request) => reads.sample(request.params.chapterId, request.query.topicId));
}
