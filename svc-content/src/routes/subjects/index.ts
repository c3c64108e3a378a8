import { ListSubjectsWithChapters } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { ContentReads } from '../../reads/content-reads';

export function subjectRoutes(app: ServiceApp, reads: ContentReads) {
  // The querystring schema allows one className from the enum and nothing else, so `className[$ne]=x` is a 400.
  addRoute(app, ListSubjectsWithChapters, async (request) => reads.subjectsWithChapters(request.query.className));
}
