// Question flags (issue 32 §4): svc-content. A signed-in student flags a question after answering it (one flag per
// student per question; flagging again changes the reason or note); admins see the flags grouped by question and
// correct the question, retire it, or dismiss the flags. A correction leaves a notice for every flagging student.
import { Type, type Static } from '@sinclair/typebox';
import { Count, DateTime, LIMITS, NonBlank, Nullable, ObjectId, QuestionType, SingleLine } from './common';
import { FLAG_LIMITS, FLAG_REASONS } from './flag-labels';
import { defineRoute } from './route';

export { FLAG_LIMITS, FLAG_REASON_LABELS, FLAG_REASONS } from './flag-labels';
export const FlagReason = Type.Union(FLAG_REASONS.map((r) => Type.Literal(r)));
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FlagQuestionBody = Type.Object(
  {
    reason: FlagReason,
    note: Type.Optional(SingleLine(FLAG_LIMITS.note, 'what is wrong, in a line (optional)')),
  },
  { additionalProperties: false },
);
export type FlagQuestionBody = Static<typeof FlagQuestionBody>;

export const MyFlag = Type.Object({ questionId: ObjectId, reason: FlagReason, note: Type.String(), flaggedAt: DateTime });
export type MyFlag = Static<typeof MyFlag>;

/** One student's flag as the admin queue shows it (the student stays anonymous). */
export const QueueFlag = Type.Object({ reason: FlagReason, note: Type.String(), flaggedAt: DateTime });
export type QueueFlag = Static<typeof QueueFlag>;

/** Where a question generated from a PDF came from, when the question stored it. */
export const QuestionSource = Type.Object({ page: Type.Integer({ minimum: 1 }), excerpt: Type.String() });
export type QuestionSource = Static<typeof QuestionSource>;

export const FlaggedQuestion = Type.Object({
  questionId: ObjectId,
  chapterId: ObjectId,
  topicId: ObjectId,
  question: Type.String(),
  type: QuestionType,
  options: Type.Array(Type.String()),
  correctAnswer: Type.String(),
  explanation: Type.String(),
  /** Distinct students who flagged it since an admin last looked. */
  count: Count,
  /** Held back from new quizzes until an admin acts (the threshold in svc-content's domain/flags.ts). */
  hidden: Type.Boolean(),
  reasons: Type.Record(Type.String(), Count, { description: 'flags per reason' }),
  flags: Type.Array(QueueFlag),
  source: Nullable(QuestionSource),
});
export type FlaggedQuestion = Static<typeof FlaggedQuestion>;

export const FlagQueue = Type.Object({ questions: Type.Array(FlaggedQuestion) });
export type FlagQueue = Static<typeof FlagQueue>;

/** An admin's correction: the question's new text, options, key and explanation (the key as an option's text). */
export const CorrectQuestionBody = Type.Object(
  {
    question: NonBlank(LIMITS.text),
    options: Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.text }), { maxItems: LIMITS.options }),
    correctAnswer: NonBlank(LIMITS.text),
    explanation: Type.String({ maxLength: LIMITS.text }),
  },
  { additionalProperties: false },
);
export type CorrectQuestionBody = Static<typeof CorrectQuestionBody>;

export const FLAG_ACTIONS = ['corrected', 'retired', 'dismissed'] as const;
export type FlagAction = (typeof FLAG_ACTIONS)[number];
export const FlagResolution = Type.Object({
  questionId: ObjectId,
  action: Type.Union(FLAG_ACTIONS.map((a) => Type.Literal(a))),
  /** Students told ("You were right about question …"): only a correction tells anyone. */
  notified: Count,
});
export type FlagResolution = Static<typeof FlagResolution>;

/** A notice for the student, read from the server (the shell header may list these beside feedback replies). */
export const StudentNotice = Type.Object({
  id: Type.String(),
  kind: Type.Literal('flag-corrected'),
  text: Type.String(),
  questionId: ObjectId,
  /** The question as the notice quotes it (shortened), so a page can word the notice in its reader's language;
   * absent on notices left before it was kept. */
  question: Type.Optional(Type.String()),
  createdAt: DateTime,
});
export type StudentNotice = Static<typeof StudentNotice>;

export const StudentNotices = Type.Object({ notices: Type.Array(StudentNotice) });
export type StudentNotices = Static<typeof StudentNotices>;

/** The notice's words: the start is the ("You were right about question …"). */
export function correctionNoticeText(questionText: string): string {
  return `You were right about question “${noticeQuestion(questionText)}”: an admin has corrected it. Thank you for flagging it.`;
}

/** The question as a notice quotes it: its first 79 characters and "…" when longer than 80. */
export const noticeQuestion = (questionText: string): string =>
  questionText.length > 80 ? `${questionText.slice(0, 79)}…` : questionText;

const QuestionIdParams = Type.Object({ id: ObjectId });

export const FlagQuestion = defineRoute({
  method: 'POST',
  url: '/api/questions/:id/flag',
  owner: 'content',
  access: 'user',
  summary: 'Flag a question (wrong key, unclear, typo); flagging again replaces your reason and note',
  params: QuestionIdParams,
  body: FlagQuestionBody,
  response: { 200: MyFlag },
});

export const ListFlagNotices = defineRoute({
  method: 'GET',
  url: '/api/question-flags/notices',
  owner: 'content',
  access: 'user',
  summary: 'Your notices about questions you flagged, not yet marked seen (newest first)',
  response: { 200: StudentNotices },
});

export const MarkFlagNoticesSeenBody = Type.Object(
  { noticeIds: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type MarkFlagNoticesSeenBody = Static<typeof MarkFlagNoticesSeenBody>;

export const MarkFlagNoticesSeen = defineRoute({
  method: 'POST',
  url: '/api/question-flags/notices/seen',
  owner: 'content',
  access: 'user',
  summary: "Marks your question-flag notices seen (once each; other students' notice ids are ignored); answers how many stay unseen",
  body: MarkFlagNoticesSeenBody,
  response: { 200: Type.Object({ unseen: Count }) },
});

export const GetFlagQueue = defineRoute({
  method: 'GET',
  url: '/api/admin/question-flags',
  owner: 'content',
  access: 'admin',
  summary: 'Flagged questions awaiting an admin, most flagged first',
  response: { 200: FlagQueue },
});

export const CorrectFlaggedQuestion = defineRoute({
  method: 'POST',
  url: '/api/admin/question-flags/:id/correct',
  owner: 'content',
  access: 'admin',
  summary: 'Correct a flagged question, close its flags and tell the students who flagged it',
  params: QuestionIdParams,
  body: CorrectQuestionBody,
  response: { 200: FlagResolution },
});

export const RetireFlaggedQuestion = defineRoute({
  method: 'POST',
  url: '/api/admin/question-flags/:id/retire',
  owner: 'content',
  access: 'admin',
  summary: 'Retire a flagged question from new quizzes and close its flags',
  params: QuestionIdParams,
  response: { 200: FlagResolution },
});

export const DismissQuestionFlags = defineRoute({
  method: 'POST',
  url: '/api/admin/question-flags/:id/dismiss',
  owner: 'content',
  access: 'admin',
  summary: 'Dismiss a question\'s flags: the question is fine and returns to new quizzes',
  params: QuestionIdParams,
  response: { 200: FlagResolution },
});

export const questionFlagRoutes = [FlagQuestion, ListFlagNotices, MarkFlagNoticesSeen, GetFlagQueue, CorrectFlaggedQuestion, RetireFlaggedQuestion, DismissQuestionFlags] as const;
