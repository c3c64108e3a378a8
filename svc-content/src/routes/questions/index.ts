import { GetChapterQuestions, GetSampleQuestions } from '@lp/contracts';
import { addRoute, visitorKey, type ServiceApp } from '@lp/service-kit';
import type { FullListGuard } from '../full-list-access';
import type { ContentReads } from '../../reads/content-reads';
import type { SampleIssuesRepository } from '../../repositories/sample-issues';

export function questionRoutes(app: ServiceApp, reads: ContentReads, fullList: FullListGuard, samples: SampleIssuesRepository) {
  addRoute(app, GetChapterQuestions, async (request) => {
    await reads.chapter(request.params.id);
    await fullList(request, { chapterId: request.params.id });
    return reads.chapterQuestions(request.params.id);
  });
  // Samples are for everyone, visitors included (spec §6); each visitor's are noted, for svc-study's scoring.
  addRoute(app, GetSampleQuestions, async (request) => {
    const questions = await reads.sample(request.params.chapterId, request.query.topicId);
    await samples.issue(visitorKey(request), questions.map((q) => q.id));
    return questions;
  });
}
