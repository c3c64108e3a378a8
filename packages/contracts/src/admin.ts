// Admin content upload (spec §2, §5, §7): svc-content. Every /api/admin/* call needs the owner role and a
// live admin elevation (access 'admin'). Processing returns a preview (processedData in the upload format);
// publishing goes through the one idempotent publish path and emits content.chapter.published per chapter.
import { Type, type Static } from '@sinclair/typebox';
import { ClassName, Count, LIMITS, NonBlank, NonBlankLine, Nullable, ObjectId } from './common';
import { RawQuestion, UploadTree } from './content';
import { defineRoute } from './route';

const MB = 1024 * 1024;

/** Characters of pasted or uploaded JSON text accepted per document. */
export const MAX_JSON_TEXT = 2_000_000;

export const PDF_LIMITS = { maxBytes: 10 * MB, mimeType: 'application/pdf', extension: '.pdf' } as const;

export const QUESTION_COUNTS = ['5', '10', '15', '20', '25'] as const;
export const GENERATION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const AI_MODELS = ['openai', 'deepseek'] as const;
export type AiModel = (typeof AI_MODELS)[number];
export type GenerationDifficulty = (typeof GENERATION_DIFFICULTIES)[number];
export const PDF_DEFAULTS = { numberOfQuestions: '10', difficulty: 'medium', aiModel: 'openai' } as const;

/** A problem found while normalising: which question, and why it was left out. */
export const RejectedQuestion = Type.Object({
  path: Type.String({ description: 'e.g. subjects[0].chapters[1].topics[2].questions[3]' }),
  reason: Type.String(),
});
export type RejectedQuestion = Static<typeof RejectedQuestion>;

export const ProcessedContent = Type.Object({
  processedData: UploadTree,
  summary: Type.Object({ subjects: Count, chapters: Count, topics: Count, questions: Count }),
  rejected: Type.Array(RejectedQuestion),
});
export type ProcessedContent = Static<typeof ProcessedContent>;

export const PublishedChapter = Type.Object({
  chapterId: ObjectId,
  subjectId: ObjectId,
  subjectName: Type.String(),
  chapterName: Type.String(),
  topicCount: Count,
  questionCount: Count,
});
export type PublishedChapter = Static<typeof PublishedChapter>;

export const PublishResult = Type.Object({
  className: ClassName,
  chapters: Type.Array(PublishedChapter),
  questionCount: Count,
  rejected: Type.Array(RejectedQuestion),
});
export type PublishResult = Static<typeof PublishResult>;

export const ProcessRawJsonBody = Type.Object(
  { rawJson: NonBlank(MAX_JSON_TEXT, 'JSON text in the upload format') },
  { additionalProperties: false },
);
export type ProcessRawJsonBody = Static<typeof ProcessRawJsonBody>;

const ChapterNumber = Type.Integer({ minimum: 1, maximum: 200 });

export const GuidedFormBody = Type.Object(
  {
    className: ClassName,
    subjectName: NonBlankLine(LIMITS.name),
    chapterNumber: ChapterNumber,
    chapterName: NonBlankLine(LIMITS.name),
    rawQuestions: NonBlank(MAX_JSON_TEXT, 'the questions, as JSON (topics with questions, or a list of questions)'),
  },
  { additionalProperties: false },
);
export type GuidedFormBody = Static<typeof GuidedFormBody>;

/**
 * The text fields of the multipart PDF form, all strings as multipart sends them; validate them after
 * reading the parts. The file part is `pdf`.
 */
export const ProcessPdfFields = Type.Object(
  {
    className: ClassName,
    subjectName: NonBlankLine(LIMITS.name),
    chapterNumber: Type.String({ pattern: '^[1-9][0-9]{0,2}$' }),
    chapterName: NonBlankLine(LIMITS.name),
    numberOfQuestions: Type.Union(QUESTION_COUNTS.map((n) => Type.Literal(n)), { default: PDF_DEFAULTS.numberOfQuestions }),
    difficulty: Type.Union(GENERATION_DIFFICULTIES.map((d) => Type.Literal(d)), { default: PDF_DEFAULTS.difficulty }),
    aiModel: Type.Union(AI_MODELS.map((m) => Type.Literal(m)), { default: PDF_DEFAULTS.aiModel }),
    alsoHindi: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('')], {
      description: "'true': ask the model for each question in Hindi too (issue 33 §1); a Hindi text gets Hindi anyway",
    })),
  },
  { additionalProperties: false },
);
export type ProcessPdfFields = Static<typeof ProcessPdfFields>;

export const JsonFile = Type.Object(
  {
    // JSON Schema patterns have no flags: spell the case-insensitive '.json' out.
    filename: Type.String({ minLength: 6, maxLength: 255, pattern: '\\.[jJ][sS][oO][nN]$' }),
    content: Type.String({ maxLength: MAX_JSON_TEXT }),
  },
  { additionalProperties: false },
);
export type JsonFile = Static<typeof JsonFile>;

export const ProcessMultipleFilesBody = Type.Object(
  { files: Type.Array(JsonFile, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ProcessMultipleFilesBody = Static<typeof ProcessMultipleFilesBody>;

/** Questions per topic name: the multi-file preview and what is sent back to publish it. */
export const TopicQuestions = Type.Record(Type.String({ minLength: 1, maxLength: LIMITS.name }), Type.Array(RawQuestion, { maxItems: 500 }), {
  maxProperties: 100,
});
export type TopicQuestions = Static<typeof TopicQuestions>;

export const FileOutcome = Type.Object({
  filename: Type.String(),
  status: Type.Union([Type.Literal('parsed'), Type.Literal('error')]),
  questionCount: Count,
  error: Nullable(Type.String()),
});
export type FileOutcome = Static<typeof FileOutcome>;

export const MultiFileResult = Type.Object({
  className: ClassName,
  subjectName: Type.String(),
  chapterName: Type.String(),
  topics: TopicQuestions,
  totalQuestions: Count,
  files: Type.Array(FileOutcome),
});
export type MultiFileResult = Static<typeof MultiFileResult>;

export const UploadProcessedContentBody = Type.Object(
  {
    className: ClassName,
    subjectName: NonBlankLine(LIMITS.name),
    chapterName: NonBlankLine(LIMITS.name),
    chapterNumber: Type.Optional(ChapterNumber),
    topics: TopicQuestions,
  },
  { additionalProperties: false },
);
export type UploadProcessedContentBody = Static<typeof UploadProcessedContentBody>;

// ---- PDF → questions (a job that lives in the database, polled by the admin page) ----

/** Questions asked of the AI model per chunk at most, and the characters of PDF text in one chunk. */
export const PDF_GENERATION = { maxChunkChars: 6000, maxChunks: 12, excerptChars: 200, modelTimeoutMs: 60_000 } as const;

export const PdfJobStarted = Type.Object({ jobId: Type.String() });
export type PdfJobStarted = Static<typeof PdfJobStarted>;

/** A generated question after review: the upload format plus where in the PDF it came from. */
export const ReviewedQuestion = Type.Object({
  topic: Type.String(),
  question: Type.String(),
  type: Type.Literal('multiple_choice'),
  options: Type.Array(Type.String()),
  correctAnswer: Type.String(),
  explanation: Type.String(),
  difficulty: Type.Integer({ minimum: 1, maximum: 5 }),
  page: Type.Integer({ minimum: 1 }),
  excerpt: Type.String(),
  hi: Type.Optional(Type.Object({
    question: Type.String(),
    options: Type.Array(Type.String(), { description: "in the English options' order" }),
    explanation: Type.String(),
  }, { description: 'the Hindi version the model gave (issue 33 §1); the admin edits it in the review' })),
});
export type ReviewedQuestion = Static<typeof ReviewedQuestion>;

export const DroppedQuestion = Type.Object({ question: Type.String(), page: Nullable(Type.Integer()), reason: Type.String() });
export type DroppedQuestion = Static<typeof DroppedQuestion>;

export const PdfReview = Type.Object({
  processedData: UploadTree,
  questions: Type.Array(ReviewedQuestion),
  generated: Count,
  kept: Count,
  dropped: Type.Array(DroppedQuestion),
});
export type PdfReview = Static<typeof PdfReview>;

export const PDF_JOB_STATES = ['running', 'done', 'failed'] as const;
export const PdfJob = Type.Object({
  jobId: Type.String(),
  state: Type.Union(PDF_JOB_STATES.map((s) => Type.Literal(s))),
  stage: Type.String({ description: 'what it is doing now, for the progress bar' }),
  pageCount: Count,
  pagesRead: Count,
  chunkCount: Count,
  chunksDone: Count,
  questionsKept: Count,
  /** 0-100, for the progress bar. */
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  message: Nullable(Type.String()),
  result: Nullable(PdfReview),
});
export type PdfJob = Static<typeof PdfJob>;

// ---- Routes ----

const UPLOAD_BODY_LIMIT = 45 * MB;

export const ProcessRawJson = defineRoute({
  method: 'POST',
  url: '/api/admin/process-raw-json',
  owner: 'content',
  access: 'admin',
  summary: 'Parse and normalise pasted JSON into a preview',
  description: "Unparseable JSON: 400 'Invalid JSON: Please check your JSON syntax and try again'.",
  body: ProcessRawJsonBody,
  bodyLimit: 5 * MB,
  response: { 200: ProcessedContent },
});

export const ProcessGuidedForm = defineRoute({
  method: 'POST',
  url: '/api/admin/process-guided-form',
  owner: 'content',
  access: 'admin',
  summary: 'Build a preview from the guided form\u2019s five fields',
  body: GuidedFormBody,
  bodyLimit: 5 * MB,
  response: { 200: ProcessedContent },
});

export const ProcessPdf = defineRoute({
  method: 'POST',
  url: '/api/admin/process-pdf',
  owner: 'content',
  access: 'admin',
  summary: 'Generate questions from a PDF with an AI model, as a preview',
  description:
    'multipart/form-data. File part `pdf`: application/pdf, .pdf, at most 10 MB. Text fields (ProcessPdfFields): ' +
    'className, subjectName, chapterNumber, chapterName, numberOfQuestions (5, 10, 15, 20, 25; default 10), ' +
    'difficulty (easy, medium, hard; default medium), aiModel (openai, deepseek; default openai). ' +
    '503 code AI_NOT_CONFIGURED when no AI provider key is set.',
  consumes: ['multipart/form-data'],
  bodyLimit: 11 * MB,
  response: { 202: PdfJobStarted },
});

export const GetPdfJob = defineRoute({
  method: 'GET',
  url: '/api/admin/pdf-jobs/:id',
  owner: 'content',
  access: 'admin',
  summary: 'The progress of a PDF → questions job, and its reviewed questions once done',
  description: 'Poll about once a second. state running → done (result set) or failed (message set).',
  params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) }, { additionalProperties: false }),
  response: { 200: PdfJob },
});

export const UploadContent = defineRoute({
  method: 'POST',
  url: '/api/admin/upload',
  owner: 'content',
  access: 'admin',
  summary: 'Publish an upload tree (a JSON file or a confirmed preview); idempotent',
  body: UploadTree,
  bodyLimit: UPLOAD_BODY_LIMIT,
  response: { 200: PublishResult },
});

export const ProcessMultipleFiles = defineRoute({
  method: 'POST',
  url: '/api/admin/process-multiple-files',
  owner: 'content',
  access: 'admin',
  summary: 'Parse several JSON files of one chapter into topics and questions, with a status per file',
  body: ProcessMultipleFilesBody,
  bodyLimit: UPLOAD_BODY_LIMIT,
  response: { 200: MultiFileResult },
});

export const UploadProcessedContent = defineRoute({
  method: 'POST',
  url: '/api/admin/upload-processed-content',
  owner: 'content',
  access: 'admin',
  summary: 'Publish a processed multi-file chapter; idempotent',
  body: UploadProcessedContentBody,
  bodyLimit: UPLOAD_BODY_LIMIT,
  response: { 200: PublishResult },
});

export const adminContentRoutes = [
  ProcessRawJson,
  ProcessGuidedForm,
  ProcessPdf,
  GetPdfJob,
  UploadContent,
  ProcessMultipleFiles,
  UploadProcessedContent,
] as const;
