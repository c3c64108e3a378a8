import type { Connection } from 'mongoose';
import { catalogueRevisionModel } from './catalogue-revision';
import { chapterModel } from './chapter';
import { flagNoticeModel } from './flag-notice';
import { flagNoticeReadModel } from './flag-notice-read';
import { pdfJobModel } from './pdf-job';
import { questionModel } from './question';
import { questionFlagModel } from './question-flag';
import { sampleIssueModel } from './sample-issue';
import { seedRunModel } from './seed-run';
import { subjectModel } from './subject';
import { topicModel } from './topic';

export type ContentModels = Awaited<ReturnType<typeof contentModels>>;

/**
 * The content models on the service's own connection, with their indexes built: the unique indexes are
 * what make publishing idempotent, so nothing is written before they exist.
 */
export async function contentModels(db: Connection) {
  // Query filters are data, never operators: `{ className: { $ne: 'x' } }` from a request would be wrapped
  // in $eq. Our own operators are marked with mongoose.trusted().
  db.set('sanitizeFilter', true);
  const models = {
    Subject: subjectModel(db),
    Chapter: chapterModel(db),
    Topic: topicModel(db),
    CatalogueRevision: catalogueRevisionModel(db),
    Question: questionModel(db),
    SeedRun: seedRunModel(db),
    SampleIssue: sampleIssueModel(db),
    PdfJob: pdfJobModel(db),
    QuestionFlag: questionFlagModel(db),
    FlagNotice: flagNoticeModel(db),
    FlagNoticeRead: flagNoticeReadModel(db),
  };
  await Promise.all(Object.values(models).map((m) => m.init()));
  return models;
}
