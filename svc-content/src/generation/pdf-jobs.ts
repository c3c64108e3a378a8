// PDF → questions as a job that lives in the database: the request that uploads the PDF starts it and answers
// with its id at once; the page polls GET /api/admin/pdf-jobs/:id, which any replica answers from the job document.
// The process that runs a job is its only writer (its writes go one after another); a job whose process died
// stops sending heartbeats and is reported failed instead of running forever.
import { randomBytes } from 'node:crypto';
import { PDF_GENERATION, type PdfJob, type PdfReview, type ProcessPdfFields, type UploadTree } from '@lp/contracts';
import { notFound } from '@lp/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { chunkPages, questionsPerChunk, type TextChunk } from '../domain/pdf-chunks';
import { DIFFICULTY_LEVEL, reviewGenerated, type GeneratedQuestion, type ReviewedQuestion } from '../domain/review';
import type { CatalogueRepository } from '../repositories/catalogue';
import type { PdfJobsRepository } from '../repositories/pdf-jobs';
import { aiFailure, type QuestionGenerator } from './ai-client';
import { pdfPages, UnreadablePdf } from './pdf-text';

/** A running job writes a heartbeat this often; one silent for STALE_MS is reported failed. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 45_000;
/**
 * A job (its progress and the generated questions awaiting review) is kept a day after its last write, for an
 * admin who comes back to the review; starting a job sweeps away older ones (a delete: atomic on FerretDB too).
 */
export const PDF_JOB_KEEP_MS = 24 * 60 * 60 * 1000;

export interface PdfJobDeps { pdfJobs: PdfJobsRepository; catalogue: CatalogueRepository; log: FastifyBaseLogger }

export async function startPdfJob(deps: PdfJobDeps, input: { userId: string; fields: ProcessPdfFields; pdf: Buffer; generate: QuestionGenerator; timeoutMs: number }): Promise<string> {
  const jobId = randomBytes(16).toString('hex');
  await deps.pdfJobs.sweepOlderThan(new Date(Date.now() - PDF_JOB_KEEP_MS));
  await deps.pdfJobs.create({
    _id: jobId, userId: input.userId, state: 'running', stage: 'Reading the PDF', pageCount: 0, pagesRead: 0, chunkCount: 0, chunksDone: 0,
    questionsKept: 0, percent: 0, message: null, result: null, heartbeatAt: new Date(),
  });
  // The job goes on after this request has answered.
  void runPdfJob(deps, jobId, input).catch((err) => deps.log.error({ err, jobId }, 'pdf job crashed'));
  return jobId;
}

/** The job as the admin who started it sees it; another user's job is as unknown as a missing one. */
export async function readPdfJob(pdfJobs: PdfJobsRepository, jobId: string, userId: string, now = Date.now()): Promise<PdfJob> {
  const doc = await pdfJobs.byId(jobId);
  if (!doc || doc.userId !== userId) throw notFound('PDF job');
  const stale = doc.state === 'running' && now - new Date(doc.heartbeatAt).getTime() > STALE_MS;
  return {
    jobId: doc._id,
    state: stale ? 'failed' : doc.state,
    stage: stale ? 'Stopped' : doc.stage,
    pageCount: doc.pageCount, pagesRead: doc.pagesRead, chunkCount: doc.chunkCount, chunksDone: doc.chunksDone,
    questionsKept: doc.questionsKept, percent: doc.percent,
    message: stale ? 'The server generating these questions stopped. Upload the PDF again.' : doc.message,
    result: doc.state === 'done' ? doc.result : null,
  };
}

async function runPdfJob(deps: PdfJobDeps, jobId: string, input: { fields: ProcessPdfFields; pdf: Buffer; generate: QuestionGenerator; timeoutMs: number }) {
  // One writer, writes in order (FerretDB updates to one document must not race, even from one process).
  const writer = deps.pdfJobs.writer(jobId);
  const write = writer.write;
  const heartbeat = setInterval(() => { void write({}).catch(() => undefined); }, HEARTBEAT_MS);
  heartbeat.unref();
  const { fields } = input;
  try {
    const { pageCount, pages } = await pdfPages(input.pdf);
    let chunks = chunkPages(pages, PDF_GENERATION.maxChunkChars);
    if (chunks.length === 0) throw new UnreadablePdf('The PDF has no text to read. A scanned PDF needs text recognition (OCR) first.');
    chunks = spread(chunks, PDF_GENERATION.maxChunks);
    await write({ stage: 'Generating questions', pageCount, pagesRead: pageCount, chunkCount: chunks.length, percent: 10 });

    const wanted = Number(fields.numberOfQuestions);
    // Question texts already published in this chapter, for the near-duplicate check (none for a new chapter).
    const existing = await deps.catalogue.questionTextsOf({ className: fields.className, subjectName: fields.subjectName.trim(), chapterName: fields.chapterName.trim() });
    const asks = questionsPerChunk(chunks, wanted);
    const generated: Array<{ chunk: TextChunk; question: GeneratedQuestion }> = [];
    const difficulty = DIFFICULTY_LEVEL[fields.difficulty];
    const reviewNow = () => reviewGenerated({ generated, existing, wanted, difficulty, defaultTopic: fields.chapterName.trim(), excerptChars: PDF_GENERATION.excerptChars, random: Math.random });
    for (const [i, chunk] of chunks.entries()) {
      let questions: GeneratedQuestion[];
      try {
        questions = await input.generate({
          className: fields.className, subjectName: fields.subjectName, chapterName: fields.chapterName, difficulty: fields.difficulty,
          count: Math.min(asks[i]! + 1, 10), text: chunk.text, alsoHindi: fields.alsoHindi === 'true',
        });
      } catch (err) {
        throw new Error(aiFailure(err, input.timeoutMs));
      }
      generated.push(...questions.map((question) => ({ chunk, question })));
      await write({ chunksDone: i + 1, questionsKept: reviewNow().kept.length, percent: 10 + Math.round((80 * (i + 1)) / chunks.length) });
      if (reviewNow().kept.length >= wanted) break;
    }

    await write({ stage: 'Reviewing questions', percent: 95 });
    const { kept, dropped } = reviewNow();
    if (kept.length === 0) throw new Error(`No usable questions came back (${dropped.length} dropped: ${[...new Set(dropped.map((d) => d.reason))].join('; ') || 'none generated'}).`);
    const result: PdfReview = { processedData: treeOf(fields, kept), questions: kept, generated: generated.length, kept: kept.length, dropped };
    await write({ state: 'done', stage: 'Done', questionsKept: kept.length, percent: 100, result });
  } catch (err) {
    deps.log.warn({ jobId, reason: (err as Error).message, err: (err as Error).cause }, 'pdf job failed');
    await write({ state: 'failed', stage: 'Failed', message: (err as Error).message || 'PDF processing failed.' }).catch(() => undefined);
  } finally {
    clearInterval(heartbeat);
    await writer.settled();
  }
}

/** At most `max` chunks, spread over the whole document rather than its first pages. */
function spread(chunks: TextChunk[], max: number): TextChunk[] {
  if (chunks.length <= max) return chunks;
  return Array.from({ length: max }, (_, i) => chunks[Math.floor((i * chunks.length) / max)]!);
}

/** The kept questions as the upload format: one chapter, topics in the order they first appear. */
export function treeOf(fields: ProcessPdfFields, kept: ReviewedQuestion[]): UploadTree {
  const topics = new Map<string, UploadTree['subjects'][number]['chapters'][number]['topics'][number]>();
  for (const q of kept) {
    const topic = topics.get(q.topic) ?? { name: q.topic, questions: [] };
    topics.set(q.topic, topic);
    topic.questions.push({
      question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation, difficulty: q.difficulty, sourcePage: q.page, sourceExcerpt: q.excerpt,
      ...(q.hi ? { hi: { question: q.hi.question, options: q.hi.options, ...(q.hi.explanation ? { explanation: q.hi.explanation } : {}) } } : {}),
    });
  }
  return {
    className: fields.className,
    subjects: [{ name: fields.subjectName.trim(), chapters: [{ name: fields.chapterName.trim(), number: Number(fields.chapterNumber), topics: [...topics.values()] }] }],
  };
}
