// Sessions, answers, mistakes, progress, revision, review queue and entitlements (spec §3, §4, §7): svc-study.
// Every call acts on the caller's own data only; another learner's session id answers 404.
import { Type, type Static } from '@sinclair/typebox';
import {
  Count,
  DateTime,
  IdParams,
  LIMITS,
  Nullable,
  ObjectId,
  Ok,
  Percentage,
  QuizMode,
  Seconds,
  Uuid,
} from './common';
import { ChapterIdParams, Question } from './content';
import { defineRoute } from './route';

// ---- Sessions ----

/** Quiz kinds that have a session: every mode but 'sample' (sample mode records nothing). */
export const SessionMode = Type.Union([
  Type.Literal('topic'),
  Type.Literal('full'),
  Type.Literal('mistakes'),
  Type.Literal('subject-mistakes'),
  Type.Literal('review'),
]);
export type SessionMode = Static<typeof SessionMode>;

export const QuizSession = Type.Object({
  id: ObjectId,
  userId: ObjectId,
  mode: SessionMode,
  topicId: Nullable(ObjectId),
  chapterId: Nullable(ObjectId),
  subjectId: Nullable(ObjectId),
  questionsCount: Count,
  questionsAnswered: Count,
  correctAnswers: Count,
  timeSpent: Seconds,
  isPaused: Type.Boolean(),
  currentQuestionIndex: Count,
  /**
   * Where the runner continues this unfinished quiz (0-based), decided on the server from the answers it recorded:
   * after the last answered question (or the saved pause position when further), within the quiz.
   */
  resumeQuestionIndex: Count,
  /** The session's questions with a recorded first answer, in the session's order (a resumed runner skips them). */
  answeredQuestionIds: Type.Array(ObjectId, { maxItems: LIMITS.quizQuestions }),
  completed: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
  completedAt: Nullable(DateTime),
});
export type QuizSession = Static<typeof QuizSession>;

const QuestionIndex = Type.Integer({ minimum: 0, maximum: LIMITS.quizQuestions });

export const CreateSessionBody = Type.Object(
  {
    mode: SessionMode,
    topicId: Type.Optional(ObjectId),
    chapterId: Type.Optional(ObjectId),
    subjectId: Type.Optional(ObjectId),
    questionsCount: Type.Integer({ minimum: 0, maximum: LIMITS.quizQuestions, description: 'how many questions the runner shows (at most the session\'s question set)' }),
    sessionId: Type.Optional(Type.String({
      pattern: '^[0-9a-f]{24}$',
      description: 'the id the runner made for this quiz (so a quiz started offline can be created when the connection returns): ' +
        'a repeat with the same id answers the same session and creates nothing; an id another learner holds is refused (409 SESSION_ID_TAKEN)',
    })),
  },
  {
    additionalProperties: false,
    description:
      "topic needs topicId; full and mistakes need chapterId; subject-mistakes needs subjectId (400 otherwise). " +
      "The server fixes the session's question set when it starts (the topic's or chapter's questions, the learner's " +
      "mistakes, or the questions due for review); answers to other questions are refused. " +
      "Starting a full chapter quiz clears that chapter's mistakes.",
  },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

/** Counts are never sent: the server computes them from the answers it recorded (the first answer to each question). */
export const CompleteSessionBody = Type.Object(
  {
    timeSpent: Seconds,
    completed: Type.Boolean({ description: 'true completes the session once; false only saves the time spent' }),
  },
  { additionalProperties: false },
);
export type CompleteSessionBody = Static<typeof CompleteSessionBody>;

export const PauseSessionBody = Type.Object(
  {
    currentQuestionIndex: QuestionIndex,
    timeSpent: Seconds,
  },
  { additionalProperties: false },
);
export type PauseSessionBody = Static<typeof PauseSessionBody>;

export const SessionStats = Type.Object({
  currentStreak: Type.Integer({
    minimum: 0,
    description: 'consecutive Asia/Kolkata days with a completed quiz or an answered question, ending today or yesterday',
  }),
  totalQuestions: Type.Integer({ minimum: 0, description: 'questions answered, all time' }),
});
export type SessionStats = Static<typeof SessionStats>;

// ---- Answers ----

export const AnswerBody = Type.Object(
  {
    answerId: Type.String({ pattern: Uuid.pattern, description: 'client-supplied UUID; a retry with the same id is recorded once' }),
    questionId: ObjectId,
    answer: Type.String({ minLength: 1, maxLength: LIMITS.text, description: 'the chosen option text, or the typed answer' }),
    timeSpent: Seconds,
    sessionId: Type.Optional(ObjectId),
    mode: Type.Optional(QuizMode),
  },
  {
    additionalProperties: false,
    description: 'Scored on the server; any isCorrect or userId from the client is not part of the call.',
  },
);
export type AnswerBody = Static<typeof AnswerBody>;

export const AnswerResult = Type.Object({
  isCorrect: Type.Boolean(),
  correctAnswer: Type.String(),
  explanation: Type.String(),
  hi: Type.Optional(Type.Object({ correctAnswer: Type.String(), explanation: Type.String() }, { description: 'a bilingual question\'s Hindi correct answer and explanation' })),
  recorded: Type.Boolean({ description: 'false in sample mode and for visitors: scored, not stored' }),
  counted: Type.Optional(Type.Boolean({
    description: 'true when this answer counts toward the session\'s score, mistakes and review: the first answer to the question in the session (later ones are recorded as practice)',
  })),
});
export type AnswerResult = Static<typeof AnswerResult>;

// ---- Mistakes ----

export const SubjectIdParams = Type.Object({ subjectId: ObjectId }, { additionalProperties: false });
export type SubjectIdParams = Static<typeof SubjectIdParams>;

export const SubjectIdQuery = Type.Object({ subjectId: ObjectId }, { additionalProperties: false });
export type SubjectIdQuery = Static<typeof SubjectIdQuery>;

/** Open mistakes per chapter, keyed by chapter id; chapters without mistakes are absent. */
export const MistakesByChapter = Type.Record(ObjectId, Count);
export type MistakesByChapter = Static<typeof MistakesByChapter>;

export const MistakeTotal = Type.Object({ totalMistakes: Count });
export type MistakeTotal = Static<typeof MistakeTotal>;

// ---- Progress and revision ----

/**
 * Spec §4: 0 nothing due (initial, and between revisions); 1, 2 or 3 that revision is due now
 * (1: firstRevisionDays after the progress was created; 2: secondRevisionDays after the first revision;
 * 3: thirdRevisionDays after the second); 4 all three done, mastered.
 */
export const RevisionStage = Type.Integer({
  minimum: 0,
  maximum: 4,
  description: '0 nothing due, 1-3 that revision is due now, 4 mastered (all three done)',
});

export const ChapterProgress = Type.Object({
  chapterId: ObjectId,
  questionsCorrect: Count,
  totalQuestions: Count,
  accuracyPercentage: Percentage,
  createdAt: DateTime,
  firstRevisionAt: Nullable(DateTime),
  secondRevisionAt: Nullable(DateTime),
  thirdRevisionAt: Nullable(DateTime),
  revisionStage: RevisionStage,
  revisionDue: Type.Boolean(),
  revisionsDone: Type.Integer({ minimum: 0, maximum: 3, description: 'revisions done: the stars on the chapter card' }),
  nextRevisionAt: Nullable(DateTime),
});
export type ChapterProgress = Static<typeof ChapterProgress>;

export const ProgressBatchBody = Type.Object(
  {
    chapterIds: Type.Array(ObjectId, { maxItems: LIMITS.progressBatch, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ProgressBatchBody = Static<typeof ProgressBatchBody>;

/** Progress keyed by chapter id; a chapter with no progress yet is absent. */
export const ProgressBatch = Type.Record(ObjectId, ChapterProgress);
export type ProgressBatch = Static<typeof ProgressBatch>;

export const ChapterIdQuery = Type.Object({ chapterId: ObjectId }, { additionalProperties: false });
export type ChapterIdQuery = Static<typeof ChapterIdQuery>;

export const ChapterHistory = Type.Object({
  lastFullChapterQuiz: Nullable(
    Type.Object({ date: DateTime, score: Count, totalQuestions: Count, percentage: Percentage }),
  ),
  last5Quizzes: Type.Array(
    Type.Object({
      quizType: QuizMode,
      date: DateTime,
      score: Count,
      totalQuestions: Count,
      scorePercentage: Percentage,
      // The quiz's session, whose wrong answers GET /api/sessions/{id}/incorrect-questions lists (absent for
      // quizzes recorded before it was kept).
      sessionId: Type.Optional(ObjectId),
    }),
    { maxItems: 5 },
  ),
});
export type ChapterHistory = Static<typeof ChapterHistory>;

const RevisionDays = Type.Integer({ minimum: 1, maximum: 3650, description: 'days; the defaults are 1, 6, 15 (DEFAULT_REVISION_SETTINGS)' });

/**
 * The intervals while the admin has saved none (issue 31 §9). Growing gaps, as the spacing research advises (reviews
 * at expanding intervals keep more for longer than equal ones): each about 2.5 times the one before, so a chapter is
 * revised on day 1, 7 and 22. A saved choice always wins; only the untouched default (no stored settings) follows this.
 */
export const DEFAULT_REVISION_SETTINGS = { firstRevisionDays: 1, secondRevisionDays: 6, thirdRevisionDays: 15 } as const;

export const RevisionSettings = Type.Object(
  { firstRevisionDays: RevisionDays, secondRevisionDays: RevisionDays, thirdRevisionDays: RevisionDays },
  { additionalProperties: false },
);
export type RevisionSettings = Static<typeof RevisionSettings>;

// ---- Review queue ----

export const ReviewQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.reviewQuestions, default: 20 })) },
  { additionalProperties: false },
);
export type ReviewQuery = Static<typeof ReviewQuery>;

export const ReviewQuestion = Type.Composite([Question, Type.Object({ dueAt: DateTime })]);
export type ReviewQuestion = Static<typeof ReviewQuestion>;

// ---- Entitlements ----

export const SUBSCRIPTION_STATES = ['none', 'active', 'expired', 'cancelled'] as const;
export const SubscriptionState = Type.Union(SUBSCRIPTION_STATES.map((s) => Type.Literal(s)));
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SubscriptionStatus = Type.Object({
  canTakeQuiz: Type.Boolean(),
  trialQuizzesRemaining: Type.Integer({ minimum: 0, default: 1 }),
  quizzesCompleted: Type.Integer({ minimum: 0, default: 0 }),
  subscriptionStatus: SubscriptionState,
  subscriptionEndsAt: Type.Optional(Nullable(DateTime)),
});
export type SubscriptionStatus = Static<typeof SubscriptionStatus>;

// ---- Routes ----

export const CreateSession = defineRoute({
  method: 'POST',
  url: '/api/sessions',
  owner: 'study',
  access: 'user',
  summary: 'Start a quiz session (not in sample mode)',
  description:
    'Subscribers (and the owner) start any mode. A free user\u2019s first topic or full quiz is the free trial: ' +
    'starting it uses the trial (trialQuizzesRemaining 1 → 0). Past the trial, and for mistakes or review modes, 403 code NOT_ENTITLED. ' +
    '409 code SESSION_PAUSED while another session is paused. Sample mode has no session (400).',
  body: CreateSessionBody,
  response: { 200: QuizSession },
});

export const CompleteSession = defineRoute({
  method: 'PATCH',
  url: '/api/sessions/:id',
  owner: 'study',
  access: 'user',
  summary: 'Update a session; completed: true finishes it and publishes study.quiz.completed',
  params: IdParams,
  body: CompleteSessionBody,
  response: { 200: QuizSession },
});

export const PauseSession = defineRoute({
  method: 'PATCH',
  url: '/api/sessions/:id/pause',
  owner: 'study',
  access: 'user',
  summary: 'Pause a session where the learner stopped (at most one paused session per learner)',
  description: 'Pausing a second session while another is paused: 409 code SESSION_PAUSED (resume or retake the first).',
  params: IdParams,
  body: PauseSessionBody,
  response: { 200: QuizSession },
});

export const ResumeSession = defineRoute({
  method: 'PATCH',
  url: '/api/sessions/:id/resume',
  owner: 'study',
  access: 'user',
  summary: 'Resume a paused session; no body',
  params: IdParams,
  response: { 200: QuizSession },
});

export const DeleteSession = defineRoute({
  method: 'DELETE',
  url: '/api/sessions/:id',
  owner: 'study',
  access: 'user',
  summary: 'Delete a session (retake)',
  params: IdParams,
  response: { 200: Ok },
});

export const GetQuizSession = defineRoute({
  method: 'GET',
  url: '/api/sessions/:id',
  owner: 'study',
  access: 'user',
  summary: 'One of the caller\u2019s sessions',
  params: IdParams,
  response: { 200: QuizSession },
});

export const GetSessionIncorrectQuestions = defineRoute({
  method: 'GET',
  url: '/api/sessions/:id/incorrect-questions',
  owner: 'study',
  access: 'user',
  summary: 'The questions answered wrongly in a session, to review them (no answer keys)',
  params: IdParams,
  response: { 200: Type.Array(Question) },
});

export const GetPausedSessions = defineRoute({
  method: 'GET',
  url: '/api/sessions/paused',
  owner: 'study',
  access: 'user',
  summary: 'The caller\u2019s paused session, as a list of at most one',
  response: { 200: Type.Array(QuizSession, { maxItems: 1 }) },
});

export const GetQuizToContinue = defineRoute({
  method: 'GET',
  url: '/api/sessions/continue',
  owner: 'study',
  access: 'user',
  summary: 'The caller\u2019s unfinished quiz to continue (the paused one, else the latest started and not completed), as a list of at most one',
  response: { 200: Type.Array(QuizSession, { maxItems: 1 }) },
});

export const GetSessionStats = defineRoute({
  method: 'GET',
  url: '/api/sessions/stats',
  owner: 'study',
  access: 'user',
  summary: 'Streak and total questions answered',
  response: { 200: SessionStats },
});

export const SubmitAnswer = defineRoute({
  method: 'POST',
  url: '/api/answers',
  owner: 'study',
  access: 'public',
  summary: 'Score an answer and, for a signed-in learner outside sample mode, record it (idempotent by answerId)',
  description:
    'Visitors and sample mode: scored, not stored (recorded: false). A signed-in learner\u2019s answer is recorded with ' +
    'a sessionId of their own session (404 otherwise), or without one when subscribed (403 code NOT_ENTITLED otherwise). ' +
    'A wrong answer records a mistake; a right one in mistake review removes it; every recorded answer reschedules ' +
    'the question in the review queue. Unknown questionId: 404. A retry with the same answerId returns the first result.',
  body: AnswerBody,
  response: { 200: AnswerResult },
});

export const GetChapterMistakes = defineRoute({
  method: 'GET',
  url: '/api/mistakes/questions/:chapterId',
  owner: 'study',
  access: 'user',
  summary: 'Questions of a chapter the learner got wrong (no answer keys)',
  params: ChapterIdParams,
  response: { 200: Type.Array(Question) },
});

export const GetSubjectMistakes = defineRoute({
  method: 'GET',
  url: '/api/mistakes/subject/:subjectId',
  owner: 'study',
  access: 'user',
  summary: 'Questions of a subject the learner got wrong (no answer keys)',
  params: SubjectIdParams,
  response: { 200: Type.Array(Question) },
});

export const ClearChapterMistakes = defineRoute({
  method: 'DELETE',
  url: '/api/mistakes/chapter/:chapterId',
  owner: 'study',
  access: 'user',
  summary: 'Clear the learner\u2019s mistakes of a chapter',
  params: ChapterIdParams,
  response: { 200: Ok },
});

export const GetMistakesByChapter = defineRoute({
  method: 'GET',
  url: '/api/mistakes/by-chapter',
  owner: 'study',
  access: 'user',
  summary: 'Mistake counts per chapter of a subject, keyed by chapter id',
  querystring: SubjectIdQuery,
  response: { 200: MistakesByChapter },
});

export const GetMistakeTotal = defineRoute({
  method: 'GET',
  url: '/api/mistakes/total',
  owner: 'study',
  access: 'user',
  summary: 'The learner\u2019s total open mistakes',
  response: { 200: MistakeTotal },
});

export const GetProgressBatch = defineRoute({
  method: 'POST',
  url: '/api/chapters/progress/batch',
  owner: 'study',
  access: 'user',
  summary: 'Progress of up to 100 chapters, keyed by chapter id',
  body: ProgressBatchBody,
  response: { 200: ProgressBatch },
});

export const GetChapterProgress = defineRoute({
  method: 'GET',
  url: '/api/chapter/progress',
  owner: 'study',
  access: 'user',
  summary: 'Progress of one chapter; null before the first quiz',
  querystring: ChapterIdQuery,
  response: { 200: Nullable(ChapterProgress) },
});

export const GetChapterHistory = defineRoute({
  method: 'GET',
  url: '/api/chapter/history',
  owner: 'study',
  access: 'user',
  summary: 'The last full chapter quiz and the last 5 quizzes of a chapter',
  querystring: ChapterIdQuery,
  response: { 200: ChapterHistory },
});

export const GetRevisionSettings = defineRoute({
  method: 'GET',
  url: '/api/admin/revision-settings',
  owner: 'study',
  access: 'admin',
  summary: 'Revision intervals in days (defaults 1, 6, 15 while none are saved)',
  response: { 200: RevisionSettings },
});

export const SaveRevisionSettings = defineRoute({
  method: 'POST',
  url: '/api/admin/revision-settings',
  owner: 'study',
  access: 'admin',
  summary: 'Set the revision intervals; each at least 1 day',
  body: RevisionSettings,
  response: { 200: RevisionSettings },
});

export const GetReviewQueue = defineRoute({
  method: 'GET',
  url: '/api/questions/review',
  owner: 'study',
  access: 'user',
  summary: 'The learner\u2019s questions due for spaced review, most overdue first (no answer keys)',
  querystring: ReviewQuery,
  response: { 200: Type.Array(ReviewQuestion) },
});

/** A calendar day in India (YYYY-MM-DD), as an exam date is printed on the board's date sheet. */
export const CalendarDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A calendar day in India, YYYY-MM-DD' });

/** The exam dates the learner set, one per subject (issue 32 §1): review scheduling aims at them. */
export const ExamDates = Type.Object({
  examDates: Type.Array(Type.Object({ subjectId: ObjectId, examDate: CalendarDay }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ExamDates = Static<typeof ExamDates>;

export const ExamDateBody = Type.Object({
  examDate: Type.Union([CalendarDay, Type.Null()], { description: 'The exam day (today or later); null clears it' }),
}, { additionalProperties: false });
export type ExamDateBody = Static<typeof ExamDateBody>;

export const GetExamDates = defineRoute({
  method: 'GET',
  url: '/api/exam-dates',
  owner: 'study',
  access: 'user',
  summary: 'The learner\u2019s exam date per subject (subjects without one are absent)',
  response: { 200: ExamDates },
});

export const SetExamDate = defineRoute({
  method: 'PUT',
  url: '/api/exam-dates/:subjectId',
  owner: 'study',
  access: 'user',
  summary: 'Sets (or, with null, clears) the learner\u2019s exam date of one subject; reviews answered from now on aim at it. ' +
    'A day that does not exist or has passed: 400.',
  params: SubjectIdParams,
  body: ExamDateBody,
  response: { 200: ExamDates },
});

/** Reviews due per day from today (today includes any backlog), for the days asked: the schedule a learner sees. */
export const ReviewSchedule = Type.Object({
  days: Type.Array(Type.Object({ day: CalendarDay, due: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ReviewSchedule = Static<typeof ReviewSchedule>;

export const ReviewScheduleQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 120, description: 'How many days from today; 14 by default' })),
}, { additionalProperties: false });

export const GetReviewSchedule = defineRoute({
  method: 'GET',
  url: '/api/review-schedule',
  owner: 'study',
  access: 'user',
  summary: 'How many reviews fall due on each day from today (today counts the backlog too)',
  querystring: ReviewScheduleQuery,
  response: { 200: ReviewSchedule },
});

const Share = (description: string) => Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description });
const Reviewed = Type.Integer({ minimum: 0, description: 'Questions of the chapter answered at least once' });
const Unseen = Type.Integer({ minimum: 0, description: 'Questions of the chapter never answered: counted apart, never as remembered' });

/**
 * "Recall today" per chapter and its forecast for exam day (issue 32 §2): FSRS's predicted share of the reviewed
 * questions the learner would answer right (a question whose last answer was wrong counts as not remembered).
 */
export const RecallForecast = Type.Object({
  chapters: Type.Array(Type.Object({
    chapterId: ObjectId,
    subjectId: ObjectId,
    reviewed: Reviewed,
    unseen: Unseen,
    recallToday: Share('Mean predicted recall today of the reviewed questions, 0..1; null when none is reviewed'),
  }, { additionalProperties: false }), { description: 'Chapters with at least one reviewed question' }),
  examDays: Type.Array(Type.Object({
    subjectId: ObjectId,
    examDate: CalendarDay,
    reviewed: Type.Integer({ minimum: 0, description: 'Questions of the subject answered at least once' }),
    unseen: Type.Integer({ minimum: 0, description: 'Questions never answered in the subject\'s chapters with an answered one (a chapter not begun is not known here)' }),
    recallIfStopped: Share('Mean predicted recall on exam day if nothing more is reviewed'),
    recallAtPace: Share('The same if every review due before the exam is done on its day and answered right'),
    chapters: Type.Array(Type.Object({
      chapterId: ObjectId,
      reviewed: Reviewed,
      unseen: Unseen,
      recallIfStopped: Share('As the subject\'s, for this chapter'),
      recallAtPace: Share('As the subject\'s, for this chapter'),
    }, { additionalProperties: false })),
  }, { additionalProperties: false }), { description: 'Subjects with an exam date from today on, over their chapters with reviewed questions' }),
}, { additionalProperties: false });
export type RecallForecast = Static<typeof RecallForecast>;

export const GetRecallForecast = defineRoute({
  method: 'GET',
  url: '/api/recall',
  owner: 'study',
  access: 'user',
  summary: 'Recall today per chapter, and on each exam day if the learner stops or keeps up with the reviews due',
  response: { 200: RecallForecast },
});

/** The last 30 India days (issue 32 §3): counted answers and accuracy per day, and days studied of the 30. */
export const StudyDays = Type.Object({
  days: Type.Array(Type.Object({
    day: CalendarDay,
    answered: Type.Integer({ minimum: 0, description: 'counted answers that day (first answers in a quiz, review or answer outside one)' }),
    correct: Type.Integer({ minimum: 0 }),
    accuracy: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: 'right answers in whole percent; null on a day without answers' }),
  }, { additionalProperties: false }), { description: 'oldest first, today last' }),
  daysStudied: Type.Integer({ minimum: 0, description: 'days of the window with an answered question or a completed quiz: a missed day costs one day' }),
  windowDays: Type.Integer({ minimum: 1, description: 'how many days the window spans (30)' }),
}, { additionalProperties: false });
export type StudyDays = Static<typeof StudyDays>;

export const GetStudyDays = defineRoute({
  method: 'GET',
  url: '/api/study-days',
  owner: 'study',
  access: 'user',
  summary: 'Questions answered and accuracy per day over the last 30 India days, and how many of them the learner studied',
  response: { 200: StudyDays },
});

export const GetSubscriptionStatus = defineRoute({
  method: 'GET',
  url: '/api/subscription/status',
  owner: 'study',
  access: 'user',
  summary: 'What the learner may take: the entitlement view fed by billing events',
  response: { 200: SubscriptionStatus },
});

export const studyRoutes = [
  CreateSession,
  CompleteSession,
  PauseSession,
  ResumeSession,
  DeleteSession,
  GetQuizSession,
  GetSessionIncorrectQuestions,
  GetPausedSessions,
  GetQuizToContinue,
  GetSessionStats,
  SubmitAnswer,
  GetChapterMistakes,
  GetSubjectMistakes,
  ClearChapterMistakes,
  GetMistakesByChapter,
  GetMistakeTotal,
  GetProgressBatch,
  GetChapterProgress,
  GetChapterHistory,
  GetRevisionSettings,
  SaveRevisionSettings,
  GetReviewQueue,
  GetExamDates,
  SetExamDate,
  GetReviewSchedule,
  GetRecallForecast,
  GetStudyDays,
  GetSubscriptionStatus,
] as const;
