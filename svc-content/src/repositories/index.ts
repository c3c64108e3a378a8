// svc-content's repositories on the service's connection, built once the models' indexes exist: the unique
// indexes are what make publishing idempotent, so nothing is written before they are built.
import type { Connection } from 'mongoose';
import { FlagsRepository } from './flags';
import { contentModels } from '../models';
import { CatalogueRepository } from './catalogue';
import { PdfJobsRepository } from './pdf-jobs';
import { PublishingRepository } from './publishing';
import { SampleIssuesRepository } from './sample-issues';
import { SeedRunsRepository } from './seed-runs';

export type ContentRepositories = Awaited<ReturnType<typeof contentRepositories>>;

export async function contentRepositories(db: Connection) {
  await contentModels(db);
  return {
    catalogue: new CatalogueRepository(db),
    publishing: new PublishingRepository(db),
    sampleIssues: new SampleIssuesRepository(db),
    pdfJobs: new PdfJobsRepository(db),
    seedRuns: new SeedRunsRepository(db),
    flags: new FlagsRepository(db),
  };
}
