// Content (spec §3, §7): svc-content. Subjects → chapters → topics → questions. Read calls never carry a
// correct answer or an explanation: scoring happens in svc-study and svc-challenge, which get the keys over
// NATS (events.ts, content.rpc.answerKeys).
import { Type, type Static } from '@sinclair/typebox';
import { ClassName, Count, Difficulty, IdParams, LIMITS, NonBlank, NonBlankLine, Nullable, ObjectId, QuestionType } from './common';
import { defineRoute } from './route';

// ---- Hindi (issue 33 §1): optional on every catalogue entry and question; English stays the one required text ----

/** A subject's or a chapter's name in Hindi. */
export const HindiName = Type.Object({ name: Type.String() });
export type HindiName = Static<typeof HindiName>;
/** A topic's name (and description) in Hindi. */
export const HindiTopic = Type.Object({ name: Type.String(), description: Type.Optional(Type.String()) });
export type HindiTopic = Static<typeof HindiTopic>;
/** A question in Hindi as a learner sees it before answering: options in the English options' order ([] when not given). */
export const HindiQuestion = Type.Object({
  question: Type.String(),
  options: Type.Array(Type.String(), { description: "multiple_choice only, in the English options' order; [] otherwise (true_false reads सही / गलत)" }),
});
export type HindiQuestion = Static<typeof HindiQuestion>;
/** The stored Hindi version, with the key: what scorers and the download get. */
export const HindiVersion = Type.Composite([
  HindiQuestion,
  Type.Object({
    correctAnswer: Type.String({ description: "the Hindi option at the key's position, सही / गलत, or the accepted Hindi short answer; '' when none" }),
    explanation: Type.String(),
  }),
]);
export type HindiVersion = Static<typeof HindiVersion>;

export const SubjectRef = Type.Object({ id: ObjectId, name: Type.String(), className: ClassName, hi: Type.Optional(HindiName) });
export type SubjectRef = Static<typeof SubjectRef>;

export const TopicSummary = Type.Object({
  id: ObjectId,
  name: Type.String(),
  hi: Type.Optional(HindiTopic),
  order: Count,
  questionCount: Count,
});
export type TopicSummary = Static<typeof TopicSummary>;

export const ChapterSummary = Type.Object({
  id: ObjectId,
  name: Type.String(),
  hi: Type.Optional(HindiName),
  order: Count,
  questionCount: Count,
  topics: Type.Array(TopicSummary),
});
export type ChapterSummary = Static<typeof ChapterSummary>;

/** A subject as the dashboard lists it; Coming Soon subjects have no chapters yet. */
export const SubjectWithChapters = Type.Object({
  id: ObjectId,
  name: Type.String(),
  hi: Type.Optional(HindiName),
  className: ClassName,
  comingSoon: Type.Optional(Type.Boolean()),
  chapters: Type.Array(ChapterSummary),
});
export type SubjectWithChapters = Static<typeof SubjectWithChapters>;

export const Chapter = Type.Object({
  id: ObjectId,
  name: Type.String(),
  hi: Type.Optional(HindiName),
  order: Count,
  questionCount: Count,
  subject: SubjectRef,
  topics: Type.Array(TopicSummary),
});
export type Chapter = Static<typeof Chapter>;

export const QuestionCountByType = Type.Object({
  multiple_choice: Count,
  true_false: Count,
  short_answer: Count,
});
export type QuestionCountByType = Static<typeof QuestionCountByType>;

/** A topic with the stats the topic page shows. */
export const Topic = Type.Object({
  id: ObjectId,
  name: Type.String(),
  description: Type.String(),
  hi: Type.Optional(HindiTopic),
  order: Count,
  questionCount: Count,
  easyPercentage: Type.Integer({ minimum: 0, maximum: 100, description: 'share of questions with difficulty 1, rounded' }),
  hardPercentage: Type.Integer({ minimum: 0, maximum: 100, description: 'share with difficulty 3 or 4, rounded' }),
  questionCountByType: QuestionCountByType,
  chapter: Type.Object({ id: ObjectId, name: Type.String(), hi: Type.Optional(HindiName), subject: SubjectRef }),
});
export type Topic = Static<typeof Topic>;

/** A question as a learner sees it before answering: no correctAnswer, no explanation. */
export const Question = Type.Object({
  id: ObjectId,
  topicId: ObjectId,
  chapterId: ObjectId,
  question: Type.String(),
  type: QuestionType,
  options: Type.Array(Type.String(), { description: "['True','False'] for true_false; [] for short_answer" }),
  difficulty: Difficulty,
  figureReference: Type.Optional(Nullable(Type.String())),
  hi: Type.Optional(HindiQuestion),
});
export type Question = Static<typeof Question>;

export const TopicWithQuestions = Type.Composite([Topic, Type.Object({ questions: Type.Array(Question) })]);
export type TopicWithQuestions = Static<typeof TopicWithQuestions>;

// ---- The upload tree: what admins upload and what the downloads serve ----

/** Uploads may spell multiple choice with a hyphen; ingest normalises it. */
export const RawQuestionType = Type.Union([QuestionType, Type.Literal('multiple-choice')]);
export type RawQuestionType = Static<typeof RawQuestionType>;

/**
 * A question's optional Hindi version as uploaded (issue 33 §1). options: multiple_choice only, as many as the
 * English options and in their order (the Hindi option at the English key's position is the Hindi answer);
 * correctAnswer: short_answer only, the accepted Hindi answer. Ingest checks both and names the question otherwise.
 */
export const RawHindiQuestion = Type.Object({
  question: NonBlank(LIMITS.text),
  options: Type.Optional(Type.Array(Type.String({ maxLength: LIMITS.text }), { maxItems: LIMITS.options })),
  correctAnswer: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.text })),
  explanation: Type.Optional(Type.String({ maxLength: LIMITS.text })),
});
export type RawHindiQuestion = Static<typeof RawHindiQuestion>;

const UploadHindiName = Type.Object({ name: NonBlankLine(LIMITS.name) });

/**
 * A question as uploaded. Ingest normalises it (see NormalisedQuestion): options given as a JSON string
 * become an array; correctAnswer given as option text, a digit index, a letter A-D or true/false becomes
 * one canonical form; a key matching no option is rejected with its reason. Unknown fields are ignored
 * (legacy files carry some), so this schema is open.
 */
/** Characters of PDF text kept with a generated question (its source excerpt) at most. */
export const SOURCE_EXCERPT_MAX = 300;

export const RawQuestion = Type.Object({
  question: NonBlank(LIMITS.text),
  type: RawQuestionType,
  // The string form first: the services' validator coerces types ('array' mode), and with the array form first a
  // JSON-string list would be wrapped into a one-item array instead of being read as the list it is.
  options: Type.Optional(
    Type.Union([
      Type.String({ maxLength: LIMITS.text * 2, description: 'options as a JSON array string' }),
      Type.Array(Type.String({ maxLength: LIMITS.text }), { maxItems: LIMITS.options }),
    ]),
  ),
  correctAnswer: Type.Union([Type.String({ minLength: 1, maxLength: LIMITS.text }), Type.Integer({ minimum: 0 }), Type.Boolean()]),
  explanation: Type.Optional(Type.String({ maxLength: LIMITS.text })),
  difficulty: Type.Optional(Difficulty),
  figureReference: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.name }))),
  // Where a question generated from a PDF came from (issue 32 §4): kept through review and publish, stored with the
  // question, shown to admins (the flag queue), never to learners. Stored only when both are given.
  sourcePage: Type.Optional(Type.Integer({ minimum: 1, description: 'the PDF page the question came from' })),
  sourceExcerpt: Type.Optional(Type.String({ maxLength: SOURCE_EXCERPT_MAX, description: 'the PDF text the question came from' })),
  hi: Type.Optional(RawHindiQuestion),
});
export type RawQuestion = Static<typeof RawQuestion>;

export const UploadTopic = Type.Object({
  name: NonBlankLine(LIMITS.name),
  description: Type.Optional(Type.String({ maxLength: LIMITS.text })),
  hi: Type.Optional(Type.Object({ name: NonBlankLine(LIMITS.name), description: Type.Optional(Type.String({ maxLength: LIMITS.text })) })),
  questions: Type.Array(RawQuestion, { maxItems: 500 }),
});
export type UploadTopic = Static<typeof UploadTopic>;

export const UploadChapter = Type.Object({
  name: NonBlankLine(LIMITS.name),
  hi: Type.Optional(UploadHindiName),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'chapter number; sets the order' })),
  topics: Type.Array(UploadTopic, { minItems: 1, maxItems: 100 }),
});
export type UploadChapter = Static<typeof UploadChapter>;

export const UploadSubject = Type.Object({
  name: NonBlankLine(LIMITS.name),
  hi: Type.Optional(UploadHindiName),
  chapters: Type.Array(UploadChapter, { minItems: 1, maxItems: 100 }),
});
export type UploadSubject = Static<typeof UploadSubject>;

/** The upload format: one class, its subjects, chapters, topics and questions. Publishing it is idempotent. */
export const UploadTree = Type.Object({
  className: ClassName,
  subjects: Type.Array(UploadSubject, { minItems: 1, maxItems: 20 }),
});
export type UploadTree = Static<typeof UploadTree>;

/**
 * A question after ingest, as svc-content stores it and hands it to scorers. correctAnswer is canonical: the
 * exact text of the correct option for multiple_choice, 'True' or 'False' for true_false, the expected text
 * for short_answer. The shared correctness rule compares a learner's answer with it.
 */
export const NormalisedQuestion = Type.Object({
  topicId: ObjectId,
  chapterId: ObjectId,
  question: Type.String(),
  type: QuestionType,
  options: Type.Array(Type.String()),
  correctAnswer: Type.String(),
  explanation: Type.String(),
  difficulty: Difficulty,
  figureReference: Nullable(Type.String()),
  hi: Type.Optional(HindiVersion),
});
export type NormalisedQuestion = Static<typeof NormalisedQuestion>;

export const DownloadFile = Type.Object({
  filename: Type.String(),
  className: ClassName,
  subjectName: Type.String(),
  chapterName: Type.String(),
  questionCount: Count,
});
export type DownloadFile = Static<typeof DownloadFile>;

// ---- Requests ----

export const SubjectsQuery = Type.Object({ className: ClassName }, { additionalProperties: false });
export type SubjectsQuery = Static<typeof SubjectsQuery>;

export const ChapterIdParams = Type.Object({ chapterId: ObjectId }, { additionalProperties: false });
export type ChapterIdParams = Static<typeof ChapterIdParams>;

export const SampleQuery = Type.Object(
  { topicId: Type.Optional(ObjectId) },
  { additionalProperties: false, description: 'topicId narrows the sample to one topic of the chapter (the test quiz page)' },
);
export type SampleQuery = Static<typeof SampleQuery>;

export const DownloadsQuery = Type.Object(
  { className: Type.Optional(ClassName), subjectName: Type.Optional(NonBlankLine(LIMITS.name)) },
  { additionalProperties: false },
);
export type DownloadsQuery = Static<typeof DownloadsQuery>;

/** A published chapter file name: no slashes, so no path traversal; checked against published chapters too. */
export const DownloadParams = Type.Object(
  { filename: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\\.json$' }) },
  { additionalProperties: false },
);
export type DownloadParams = Static<typeof DownloadParams>;

// ---- Routes ----

/** Who gets a full question list; svc-content asks svc-study (study.rpc.entitlement) and never guesses. */
const FULL_LIST_RULE =
  'Visitors: 401. The owner role, an active subscription, or a free user with trialQuizzesRemaining > 0: 200. ' +
  'Otherwise 403 code NOT_ENTITLED (offer the sample quiz or Subscribe). 503 code ENTITLEMENT_UNAVAILABLE when svc-study ' +
  'does not answer in time: try again later.';

export const ListSubjectsWithChapters = defineRoute({
  method: 'GET',
  url: '/api/subjects/with-chapters',
  owner: 'content',
  access: 'public',
  summary: 'Subjects of a class with their chapters and topic counts',
  querystring: SubjectsQuery,
  response: { 200: Type.Array(SubjectWithChapters) },
});

export const GetChapter = defineRoute({
  method: 'GET',
  url: '/api/chapters/:id',
  owner: 'content',
  access: 'public',
  summary: 'One chapter with its subject and topics',
  params: IdParams,
  response: { 200: Chapter },
});

export const GetChapterTopics = defineRoute({
  method: 'GET',
  url: '/api/chapters/:id/topics',
  owner: 'content',
  access: 'public',
  summary: 'The topics of a chapter, in order, with their stats',
  params: IdParams,
  response: { 200: Type.Array(Topic) },
});

export const GetTopic = defineRoute({
  method: 'GET',
  url: '/api/topics/:id',
  owner: 'content',
  access: 'public',
  summary: 'One topic with its stats (the topic page), without questions',
  params: IdParams,
  response: { 200: Topic },
});

export const GetTopicWithQuestions = defineRoute({
  method: 'GET',
  url: '/api/topics/:id/with-questions',
  owner: 'content',
  access: 'user',
  summary: 'A topic with all its questions (subscribers and the free trial quiz; 403 code NOT_ENTITLED otherwise)',
  description: FULL_LIST_RULE,
  params: IdParams,
  response: { 200: TopicWithQuestions },
});

export const GetChapterQuestions = defineRoute({
  method: 'GET',
  url: '/api/questions/chapter/:id',
  owner: 'content',
  access: 'user',
  summary: 'All questions of a chapter (subscribers and the free trial quiz; 403 code NOT_ENTITLED otherwise)',
  description: FULL_LIST_RULE,
  params: IdParams,
  response: { 200: Type.Array(Question) },
});

export const GetSampleQuestions = defineRoute({
  method: 'GET',
  url: '/api/questions/sample/:chapterId',
  owner: 'content',
  access: 'public',
  summary: '10 random questions of a chapter (or of one of its topics), for everyone',
  description: 'Fewer when the chapter has fewer; a topicId that is not a topic of the chapter: 404.',
  params: ChapterIdParams,
  querystring: SampleQuery,
  response: { 200: Type.Array(Question, { maxItems: 10 }) },
});

export const ListDownloads = defineRoute({
  method: 'GET',
  url: '/api/downloads',
  owner: 'content',
  access: 'public',
  summary: 'The downloadable chapter files with their question counts (the Biology downloads page)',
  description: 'Without a query: the CBSE Class 12 Biology chapters that have questions. Other subjects are not downloadable: [].',
  querystring: DownloadsQuery,
  response: { 200: Type.Array(DownloadFile) },
});

export const DownloadChapterFile = defineRoute({
  method: 'GET',
  url: '/api/download/:filename',
  owner: 'content',
  access: 'public',
  summary: 'A chapter file in the upload format, answers included (study material)',
  description: 'Sent with Content-Disposition: attachment. Unknown file names: 404.',
  params: DownloadParams,
  response: { 200: UploadTree },
});

export const contentReadRoutes = [
  ListSubjectsWithChapters,
  GetChapter,
  GetChapterTopics,
  GetTopic,
  GetTopicWithQuestions,
  GetChapterQuestions,
  GetSampleQuestions,
  ListDownloads,
  DownloadChapterFile,
] as const;
