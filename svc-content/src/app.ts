// svc-content: subjects → chapters → topics → questions, the one publishing path, the demo seed,
// the read calls of spec §7, chapter downloads, and the answer keys for the scorers over NATS.
import type { ServiceApp, ServiceDefinition } from '@lp/service-kit';
import multipart from '@fastify/multipart';
import { PDF_LIMITS } from '@lp/contracts';
import { readContentConfig, type ContentConfig } from './config';
import { answerContentRpc } from './events/content-rpc';
import { studyAnswered } from './events/study-answered';
import { studyEntitlement } from './events/study-entitlement';
import { FlagReview } from './flags/flag-review';
import { finishChapterAnnouncements } from './publishing/publish-tree';
import { seedIfEmpty } from './publishing/seed';
import { ContentReads } from './reads/content-reads';
import { contentRepositories } from './repositories';
import { adminRoutes } from './routes/admin';
import { chapterRoutes } from './routes/chapters';
import { downloadRoutes } from './routes/downloads';
import { flagRoutes } from './routes/flags';
import { fullListGuard } from './routes/full-list-access';
import { questionRoutes } from './routes/questions';
import { subjectRoutes } from './routes/subjects';
import { topicRoutes } from './routes/topics';

export function createContentService(overrides: Partial<ContentConfig> = {}): ServiceDefinition {
  return {
    name: 'content',
    description: 'Subjects, chapters, topics and questions; uploads, AI generation and downloads.',
    // A first start publishes the demo bank before the service is ready (a few seconds on FerretDB).
    startupTimeoutMs: 120_000,
    app: async (app: ServiceApp) => {
      const config = { ...readContentConfig(), ...overrides };
      const repositories = await contentRepositories(app.db);
      const publishing = { publishing: repositories.publishing, bus: app.bus };
      finishChapterAnnouncements(app.bus, repositories.publishing);
      // The demo bank goes through the same path as an admin upload (publishing/publish-tree.ts).
      if (config.seed) await seedIfEmpty({ ...publishing, seedRuns: repositories.seedRuns, log: app.log }, config.seedDir);

      // Questions flagged by enough students stay out of new quizzes until an admin looks (issue 32 §4).
      const reads = new ContentReads(repositories.catalogue, () => repositories.flags.heldBack());
      const samples = repositories.sampleIssues;
      answerContentRpc(app.bus, reads, samples);
      const fullList = fullListGuard(studyEntitlement(app.bus, app.log, { timeoutMs: config.entitlementTimeoutMs }));
      subjectRoutes(app, reads);
      chapterRoutes(app, reads);
      topicRoutes(app, reads, fullList);
      questionRoutes(app, reads, fullList, samples);
      downloadRoutes(app, reads);
      const answered = studyAnswered(app.bus, app.log, { timeoutMs: config.entitlementTimeoutMs });
      flagRoutes(app, new FlagReview(repositories.flags, answered));
      // Multipart bodies are read only by the PDF route, streamed through the kit's readMultipart.
      await app.register(multipart, { limits: { fileSize: PDF_LIMITS.maxBytes + 1, files: 1, fields: 20, fieldSize: 4096 } });
      adminRoutes(app, { publishing, pdfJobs: repositories.pdfJobs, catalogue: repositories.catalogue, ai: config.ai });
    },
  };
}

export const contentService = createContentService();
