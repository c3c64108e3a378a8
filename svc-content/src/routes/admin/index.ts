// The admin upload routes (spec §7 Admin). Every one is `admin` in the contracts: the kit's guard answers 403 to a
// learner and to an owner without a live elevation before a handler (or a multipart body) is read.
// Processing answers a preview and stores nothing; publishing goes through publishTree (idempotent, chapter events).
import {
  GetPdfJob, PDF_DEFAULTS, PDF_LIMITS, ProcessGuidedForm, ProcessMultipleFiles, ProcessPdf, ProcessPdfFields, ProcessRawJson,
  UploadContent, UploadProcessedContent, type ProcessedContent,
} from '@lp/contracts';
import { AppError, addRoute, badRequest, readMultipart, UploadError, type ServiceApp } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import { guidedFormTree, ingestTree, INVALID_JSON, multiFileResult, parseJson, previewOf, processedTree, summaryOf } from '../../domain/admin-input';
import { AiNotConfigured, questionGenerator, type AiConfig } from '../../generation/ai-client';
import { readPdfJob, startPdfJob } from '../../generation/pdf-jobs';
import { publishTree, UploadRejected, type PublishDeps } from '../../publishing/publish-tree';
import type { CatalogueRepository } from '../../repositories/catalogue';
import type { PdfJobsRepository } from '../../repositories/pdf-jobs';

/** Spec §5's PDF form messages, for the kit's upload errors. */
export const PDF_MESSAGES = {
  incomplete: 'Please fill in all fields and upload a PDF file',
  notPdf: 'Invalid File: Please select a PDF file',
  tooLarge: 'The PDF is larger than 10 MB. Choose a smaller file (at most 10 MB).',
} as const;

function preview(input: unknown): ProcessedContent {
  const ingest = ingestTree(input);
  if (!ingest.ok) throw new UploadRejected(ingest.rejections);
  return { processedData: previewOf(ingest.tree), summary: summaryOf(ingest.tree), rejected: [] };
}

function pdfUploadError(err: UploadError): AppError {
  switch (err.code) {
    case 'FILE_TOO_LARGE': return new AppError(413, PDF_MESSAGES.tooLarge, 'FILE_TOO_LARGE');
    case 'FILE_TYPE': return new AppError(400, `${PDF_MESSAGES.notPdf} (the file is not a PDF: its content does not start like one).`, 'FILE_TYPE');
    case 'MISSING_FILE': return new AppError(400, PDF_MESSAGES.incomplete, 'MISSING_FILE');
    case 'TOO_MANY_FILES': return new AppError(400, 'Upload one PDF at a time.', 'TOO_MANY_FILES');
    default: return new AppError(400, `${PDF_MESSAGES.incomplete}. ${err.message}`, err.code);
  }
}

export interface AdminDeps {
  publishing: PublishDeps;
  pdfJobs: PdfJobsRepository;
  /** The published questions a PDF job's generated ones are checked against. */
  catalogue: CatalogueRepository;
  ai: AiConfig;
}

export function adminRoutes(app: ServiceApp, deps: AdminDeps) {
  addRoute(app, ProcessRawJson, async (request) => {
    const parsed = parseJson(request.body.rawJson);
    if (!parsed.ok) throw badRequest(INVALID_JSON, 'INVALID_JSON');
    return preview(parsed.value);
  });

  addRoute(app, ProcessGuidedForm, async (request) => {
    const built = guidedFormTree(request.body);
    if (!built.ok) throw badRequest(built.reason, built.reason === INVALID_JSON ? 'INVALID_JSON' : 'VALIDATION');
    return preview(built.tree);
  });

  addRoute(app, ProcessMultipleFiles, async (request) => {
    const result = multiFileResult(request.body.files);
    if ('error' in result) {
      const failures = result.files.filter((f) => f.status === 'error').map((f) => `${f.filename}: ${f.error}`);
      throw badRequest(`${result.error}\n${failures.join('\n')}`.trim(), 'FILES_REJECTED');
    }
    return result;
  });

  addRoute(app, ProcessPdf, async (request, reply) => {
    let upload: Awaited<ReturnType<typeof readMultipart>>;
    try {
      upload = await readMultipart(request, { files: { pdf: { kinds: ['pdf'], maxBytes: PDF_LIMITS.maxBytes } }, maxFieldBytes: 4096 });
    } catch (err) {
      if (err instanceof UploadError) throw pdfUploadError(err);
      throw err;
    }
    if (upload.files.length === 0) throw pdfUploadError(new UploadError('MISSING_FILE'));
    const fields = Value.Default(ProcessPdfFields, { ...upload.fields }) as Record<string, unknown>;
    for (const key of ['numberOfQuestions', 'difficulty', 'aiModel'] as const) if (fields[key] === '') fields[key] = PDF_DEFAULTS[key];
    const missing = ['className', 'subjectName', 'chapterNumber', 'chapterName'].filter((k) => typeof fields[k] !== 'string' || (fields[k] as string).trim() === '');
    if (missing.length > 0) throw badRequest(`${PDF_MESSAGES.incomplete} (missing: ${missing.join(', ')}).`, 'VALIDATION');
    const error = Value.Errors(ProcessPdfFields, fields).First();
    if (error) throw badRequest(`${error.path.slice(1) || 'form'}: ${error.message}`, 'VALIDATION');
    const valid = fields as unknown as ProcessPdfFields;
    const filename = upload.files[0]!.filename;
    if (filename && !/\.pdf$/i.test(filename)) throw new AppError(400, PDF_MESSAGES.notPdf, 'FILE_TYPE');

    let generate;
    try {
      generate = questionGenerator(deps.ai, valid.aiModel);
    } catch (err) {
      if (err instanceof AiNotConfigured) throw new AppError(503, err.message, 'AI_NOT_CONFIGURED');
      throw err;
    }
    const jobId = await startPdfJob({ pdfJobs: deps.pdfJobs, catalogue: deps.catalogue, log: request.log }, {
      userId: request.user!.sub, fields: valid, pdf: upload.files[0]!.bytes, generate, timeoutMs: deps.ai.timeoutMs,
    });
    return reply.status(202).send({ jobId });
  });

  addRoute(app, GetPdfJob, async (request) => readPdfJob(deps.pdfJobs, request.params.id, request.user!.sub));

  addRoute(app, UploadContent, async (request) => publishTree(deps.publishing, request.body));

  addRoute(app, UploadProcessedContent, async (request) => publishTree(deps.publishing, processedTree(request.body)));
}
