import { GetChapter, GetChapterTopics } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { ContentReads } from '../../reads/content-reads';

export function chapterRoutes(app: ServiceApp, reads: ContentReads) {
  addRoute(app, GetChapter, async (request) => reads.chapter(request.params.id));
  addRoute(app, GetChapterTopics, async (request) => reads.chapterTopics(request.params.id));
}
