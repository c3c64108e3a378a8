import { GetChapterQuestions, GetSampleQuestions } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FullListGuard } from '../full-list-access';
import type { ContentReads } from '../../reads/content-reads';

export function questionRoutes(app: ServiceApp, reads: ContentReads, fullList: FullListGuard) {
  addRoute(app, GetChapterQuestions, async (request) => {
    await reads.chapter(request.params.id);
    await fullList(request, { chapterId: request.params.id });
    return reads.chapterQuestions(request.params.id);
  });
  // Samples are for everyone, visitors included (spec §6).
  addRoute(app, GetSampleQuestions, async (request) => reads.sample(request.params.chapterId, request.query.topicId));
}
