// Primitives shared by every area. Formats are written as patterns, not `format`, so the same schema
// validates identically in Fastify's ajv, in TypeBox's Value.Check (front ends, tests) and in
// fast-json-stringify, with no format registry to keep in sync.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CLASS_NAMES, type ClassName as ClassNameValue } from './class-names';

/** The six services; also the OpenAPI tag of every route a service owns. */
export const SERVICES = ['identity', 'content', 'study', 'challenge', 'billing', 'feedback'] as const;
export const ServiceName = Type.Union(SERVICES.map((s) => Type.Literal(s)));
export type ServiceName = (typeof SERVICES)[number];

/** A MongoDB ObjectId as 24 hex characters: every entity id (users included) is one. */
export const ObjectId = Type.String({ pattern: '^[0-9a-fA-F]{24}$', description: 'MongoDB ObjectId, 24 hex characters' });
export type ObjectId = Static<typeof ObjectId>;

/** A UUID (any version), e.g. from crypto.randomUUID(): client-supplied idempotency keys, event ids. */
export const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'UUID, e.g. crypto.randomUUID()',
});
export type Uuid = Static<typeof Uuid>;

/** ISO 8601 date-time with a zone, as Date#toISOString() writes it. */
export const DateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'ISO 8601 date-time, e.g. 2025-06-01T10:00:00.000Z',
});
export type DateTime = Static<typeof DateTime>;

export { CLASS_NAMES, DEFAULT_CLASS } from './class-names';
export const ClassName = Type.Union(CLASS_NAMES.map((c) => Type.Literal(c)), { description: 'CBSE class' });
export type ClassName = ClassNameValue;

/** The stored question types. Uploads may also spell multiple choice 'multiple-choice' (see RawQuestionType). */
export const QUESTION_TYPES = ['multiple_choice', 'true_false', 'short_answer'] as const;
export const QuestionType = Type.Union(QUESTION_TYPES.map((t) => Type.Literal(t)));
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** 1 easy, 2 medium, 3 hard (uploads); up to 5 allowed. Default 1. */
export const Difficulty = Type.Integer({ minimum: 1, maximum: 5, default: 1 });
export type Difficulty = Static<typeof Difficulty>;

/**
 * The quiz kinds a learner can run (the quiz runner's `/quiz/{id}` variants):
 * sample (10 random questions, nothing recorded), topic, full (whole chapter), mistakes (one chapter's
 * mistakes), subject-mistakes, review (due questions of the review queue).
 */
export const QUIZ_MODES = ['sample', 'topic', 'full', 'mistakes', 'subject-mistakes', 'review'] as const;
export const QuizMode = Type.Union(QUIZ_MODES.map((m) => Type.Literal(m)));
export type QuizMode = (typeof QUIZ_MODES)[number];

/** The one error body every service answers with (Fastify's own error shape, plus our optional code). */
export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    error: Type.String({ description: 'HTTP status text, e.g. Not Found' }),
    message: Type.String({ description: 'What went wrong and what to do, safe to show to the user' }),
    code: Type.Optional(Type.String({ description: 'Stable machine-readable code, e.g. NOT_ENTITLED' })),
  },
  { description: 'Error response' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

export const Ok = Type.Object({ ok: Type.Literal(true) });
export type Ok = Static<typeof Ok>;

/** Limits shared by many schemas, named so that services and front ends quote the same numbers. */
export const LIMITS = {
  /** Free text a user types, unless the spec says otherwise. */
  text: 2000,
  /** Names and titles (subject, chapter, topic, people). */
  name: 200,
  email: 254,
  url: 2048,
  /** Options of one question. */
  options: 10,
  /** Questions in one quiz, challenge or answer-key lookup. */
  quizQuestions: 200,
  /** Chapter ids in one progress batch. */
  progressBatch: 100,
  /** Questions in one page of the review queue, and so in one review session. */
  reviewQuestions: 100,
  /** Seconds: the longest quiz or answer time we record (7 days). */
  seconds: 604800,
} as const;

/** `T | null`. Services must send null (never a Date or ObjectId object) where a nullable field is empty. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A required, non-blank string: at least one non-space character, at most `max` characters. */
export const NonBlank = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', ...(description ? { description } : {}) });

/**
 * Characters a single line of text (a name, a subject, a title) may not hold, as a regex class body: control
 * characters (C0, DEL, C1, the line and paragraph separators) and the bidirectional formatting characters (embeddings,
 * overrides, isolates, marks) that make text display differently from what is stored, e.g. a right-to-left override.
 */
const NOT_IN_A_LINE = '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069';
/** The pattern of a single line of text, and of one that is also not blank. The kit's 400 message names them. */
export const SINGLE_LINE_PATTERN = `^[^${NOT_IN_A_LINE}]*$`;
export const NON_BLANK_LINE_PATTERN = `^[^${NOT_IN_A_LINE}]*[^\\s${NOT_IN_A_LINE}][^${NOT_IN_A_LINE}]*$`;
const forbiddenInALine = new RegExp(`[${NOT_IN_A_LINE}]`, 'u');

/** Whether `text` holds a character a single line may not (control or text-direction formatting). */
export const hasNonLineCharacters = (text: string): boolean => forbiddenInALine.test(text);

/** What a caller is told when a single-line field holds such a character. */
export const singleLineMessage = (field: string) =>
  `The ${field} must be a single line of plain text: control characters and text-direction marks are not allowed.`;

/** A single line of text, at most `max` characters (may be empty). */
export const SingleLine = (max: number, description?: string) =>
  Type.String({ maxLength: max, pattern: SINGLE_LINE_PATTERN, ...(description ? { description } : {}) });

/** A required, non-blank single line of text (names, subjects, titles), at most `max` characters. */
export const NonBlankLine = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: NON_BLANK_LINE_PATTERN, ...(description ? { description } : {}) });

/** Whole non-negative numbers: counts, indexes. */
export const Count = Type.Integer({ minimum: 0 });

/** Seconds spent, whole, from 0 to 7 days. Clients round before sending. */
export const Seconds = Type.Integer({ minimum: 0, maximum: LIMITS.seconds, description: 'seconds' });

/** A percentage from 0 to 100. */
export const Percentage = Type.Number({ minimum: 0, maximum: 100 });

/** Money in major units as a decimal string with two places, as PayPal writes it: '500.00', '5.00'. */
export const Money = Type.String({ pattern: '^\\d{1,9}\\.\\d{2}$', description: 'amount in major units, e.g. 500.00' });
export type Money = Static<typeof Money>;

export const CURRENCIES = ['INR', 'USD', 'EUR'] as const;
export const Currency = Type.Union(CURRENCIES.map((c) => Type.Literal(c)));
export type Currency = (typeof CURRENCIES)[number];

/** `{ id }` path parameter, the most common one. */
export const IdParams = Type.Object({ id: ObjectId }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;
