// Friend challenges (spec §2, §3, §4, §7): svc-challenge. A challenge is created from a finished full chapter or
// topic quiz of a subscriber: the server takes the challenger's numbers and questions from svc-study's record of
// that session (study.rpc.sessionResult) and the question texts from svc-content, never from the client. A link
// challenge is played by anyone holding its token, no account needed; a direct one is sent to a user found by
// e-mail. Play is an attempt on the server: each answer is scored there (content.rpc.answerKeys), and its key
// is shown only once the question is answered in that attempt.
import { Type, type Static } from '@sinclair/typebox';
import { Count, DateTime, IdParams, LIMITS, NonBlank, Nullable, ObjectId, Percentage, QuestionType, SINGLE_LINE_PATTERN, Seconds } from './common';
import { defineRoute } from './route';

export const CHALLENGE_EXPIRY_DAYS = 7;
/** Score shown as a success (spec §9). */
export const CHALLENGE_SUCCESS_SCORE = 70;
export const CHALLENGE_MAX_USES = 1000;
export const GUEST_NAME_MAX = 50;
export const CHALLENGE_MESSAGE_MAX = 500;

/** A challenge question as players see it: never its answer. */
export const ChallengeQuestion = Type.Object(
  {
    id: ObjectId,
    text: NonBlank(LIMITS.text),
    type: QuestionType,
    options: Type.Array(Type.String({ maxLength: LIMITS.text }), { maxItems: LIMITS.options }),
    figureReference: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.name }))),
    hi: Type.Optional(Type.Object({
      question: Type.String({ maxLength: LIMITS.text }),
      options: Type.Array(Type.String({ maxLength: LIMITS.text }), { maxItems: LIMITS.options }),
    }, { additionalProperties: false, description: "a bilingual question in Hindi (issue 33 §1), options in the English options' order" })),
  },
  { additionalProperties: false },
);
export type ChallengeQuestion = Static<typeof ChallengeQuestion>;

export const ChallengeStatus = Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('expired')]);
export type ChallengeStatus = Static<typeof ChallengeStatus>;

export const ChallengeKind = Type.Union([Type.Literal('link'), Type.Literal('direct')]);
export type ChallengeKind = Static<typeof ChallengeKind>;

/** Spec §4: friend higher wins, equal is a tie, otherwise the challenger stays champion. */
export const ChallengeWinner = Type.Union([Type.Literal('friend'), Type.Literal('tie'), Type.Literal('challenger')]);
export type ChallengeWinner = Static<typeof ChallengeWinner>;

/** Opaque URL-safe token of a challenge link (/c/{token}); the service issues 128 random bits (22 characters). */
export const ChallengeToken = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
export type ChallengeToken = Static<typeof ChallengeToken>;

/** The secret of one attempt, returned when it starts; only its holder may answer, finish or claim it. */
export const AttemptKey = Type.String({ pattern: '^[A-Za-z0-9_-]{22,64}$' });

const ChallengerNumbers = {
  challengerName: Type.String(),
  challengerScore: Percentage,
  challengerTime: Seconds,
  challengerCorrectAnswers: Count,
  challengerTotalQuestions: Count,
  challengerUntimed: Type.Optional(Type.Boolean({ description: 'the challenger played in untimed mode: their time is not shown or compared' })),
};

/** One finished attempt, as the challenger (and the player) see it. */
export const ChallengeResult = Type.Object({
  attemptId: ObjectId,
  name: Type.String({ description: 'the guest name, or the signed-in player\u2019s name' }),
  score: Percentage,
  correctAnswers: Count,
  totalQuestions: Count,
  timeSpent: Seconds,
  completedAt: DateTime,
  winner: ChallengeWinner,
  untimed: Type.Optional(Type.Boolean({ description: 'played in untimed mode: the time is not shown or compared' })),
  place: Type.Optional(Type.Integer({
    minimum: 1,
    description: 'place among the challenger and the listed players: accuracy first, time only between two timed players (shared when level)',
  })),
});
export type ChallengeResult = Static<typeof ChallengeResult>;

/** A challenge as its creator, or the user it was sent to, sees it (GET /api/challenges/:id). */
export const Challenge = Type.Object({
  id: ObjectId,
  token: ChallengeToken,
  kind: ChallengeKind,
  status: ChallengeStatus,
  chapterId: Nullable(ObjectId),
  topicId: Nullable(ObjectId),
  ...ChallengerNumbers,
  challengerId: ObjectId,
  challengedId: Nullable(ObjectId),
  challengedName: Nullable(Type.String()),
  /** The first finished attempt (the friend of a direct challenge): what the side-by-side view shows. */
  friendName: Nullable(Type.String()),
  friendScore: Nullable(Percentage),
  friendTime: Nullable(Seconds),
  friendCorrectAnswers: Nullable(Count),
  winner: Nullable(ChallengeWinner),
  results: Type.Array(ChallengeResult, { description: 'finished attempts, first first (at most 50)' }),
  message: Nullable(Type.String()),
  questionCount: Count,
  uses: Count,
  maxUses: Nullable(Type.Integer({ minimum: 1, description: 'null: unlimited' })),
  expiresAt: DateTime,
  createdAt: DateTime,
});
export type Challenge = Static<typeof Challenge>;

/** What a link shows before playing (GET /api/challenges/token/:token): no questions, no answers. */
export const ChallengeIntro = Type.Object({
  id: ObjectId,
  kind: ChallengeKind,
  ...ChallengerNumbers,
  message: Nullable(Type.String()),
  /** What the quiz is on (issue 31, item 13); null for a challenge made before it was recorded. */
  subjectName: Nullable(Type.String()),
  chapterName: Nullable(Type.String()),
  questionCount: Count,
  uses: Count,
  maxUses: Nullable(Type.Integer({ minimum: 1 })),
  expiresAt: DateTime,
});
export type ChallengeIntro = Static<typeof ChallengeIntro>;

/** A link challenge from a finished full chapter or topic quiz: the numbers and questions come from that session. */
export const CreateLinkChallengeBody = Type.Object({
  sessionId: ObjectId,
  maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: CHALLENGE_MAX_USES, description: 'empty: unlimited' }))),
}, { additionalProperties: false });
export type CreateLinkChallengeBody = Static<typeof CreateLinkChallengeBody>;

/** A direct challenge to a user found by e-mail (GET /api/users/search), from a finished quiz. */
const DirectFields = {
  challengedId: ObjectId,
  message: Type.Optional(Type.String({ maxLength: CHALLENGE_MESSAGE_MAX, description: 'empty: the default invitation (spec §5)' })),
};
/**
 * A challenge to a user found by e-mail (GET /api/users/search), from a finished quiz (`sessionId`), or from a
 * topic (`topicId`): then the challenger's latest finished full or topic quiz of that topic is the one played.
 */
export const CreateDirectChallengeBody = Type.Union([
  Type.Object({ sessionId: ObjectId, ...DirectFields }, { additionalProperties: false }),
  Type.Object({ topicId: ObjectId, ...DirectFields }, { additionalProperties: false }),
]);
export type CreateDirectChallengeBody = Static<typeof CreateDirectChallengeBody>;

/**
 * Either variant; the service tells them apart by `challengedId`. Closed members in an anyOf need ajv's
 * removeAdditional off (the service kit's setting): with it on, ajv strips properties while trying a branch.
 */
export const CreateChallengeBody = Type.Union([CreateDirectChallengeBody, CreateLinkChallengeBody]);
export type CreateChallengeBody = Static<typeof CreateChallengeBody>;

export const CreatedChallenge = Type.Object({
  id: ObjectId,
  token: ChallengeToken,
  kind: ChallengeKind,
  expiresAt: DateTime,
  maxUses: Nullable(Type.Integer({ minimum: 1 })),
});
export type CreatedChallenge = Static<typeof CreatedChallenge>;

export const MyChallenges = Type.Object({
  received: Type.Array(Challenge, { description: 'direct challenges sent to the caller, newest first' }),
  sent: Type.Array(Challenge, { description: 'the caller\u2019s challenges, newest first' }),
});
export type MyChallenges = Static<typeof MyChallenges>;

export const TokenParams = Type.Object({ token: ChallengeToken }, { additionalProperties: false });
export type TokenParams = Static<typeof TokenParams>;

export const TokenQuestionParams = Type.Object({ token: ChallengeToken, id: ObjectId }, { additionalProperties: false });
export type TokenQuestionParams = Static<typeof TokenQuestionParams>;

export const AttemptParams = Type.Object({ token: ChallengeToken, attemptId: ObjectId }, { additionalProperties: false });
export type AttemptParams = Static<typeof AttemptParams>;

export const StartAttemptBody = Type.Object(
  {
    guestName: Type.Optional(Type.String({
      maxLength: GUEST_NAME_MAX,
      pattern: SINGLE_LINE_PATTERN,
      description: 'required when not signed in: at least 2 characters after trimming',
    })),
    untimed: Type.Optional(Type.Boolean({
      description: 'untimed mode (extra time): no timer, and the time is not a tie-break; a signed-in player\u2019s profile setting when absent',
    })),
  },
  { additionalProperties: false },
);
export type StartAttemptBody = Static<typeof StartAttemptBody>;

export const StartedAttempt = Type.Object({
  attemptId: ObjectId,
  attemptKey: AttemptKey,
  name: Type.String(),
  startedAt: DateTime,
  untimed: Type.Optional(Type.Boolean({ description: 'this attempt is in untimed mode: show no timer' })),
  questions: Type.Array(ChallengeQuestion),
});
export type StartedAttempt = Static<typeof StartedAttempt>;

/** The selected option index (number) or typed text (short answer). */
export const ChallengeAnswerValue = Type.Union([
  Type.Integer({ minimum: 0, maximum: LIMITS.options - 1 }),
  Type.String({ maxLength: LIMITS.text }),
]);

export const AttemptAnswerBody = Type.Object(
  { attemptKey: AttemptKey, questionId: ObjectId, answer: ChallengeAnswerValue },
  { additionalProperties: false },
);
export type AttemptAnswerBody = Static<typeof AttemptAnswerBody>;

export const ChallengeAnswer = Type.Object({
  correctAnswer: Type.String({ description: 'the correct option text (or the short answer)' }),
  correctIndex: Nullable(Type.Integer({ minimum: 0, description: 'its option index; null for short answers' })),
  explanation: Type.String(),
});
export type ChallengeAnswer = Static<typeof ChallengeAnswer>;

/**
 * What answering one question returns: only whether it was recorded. Right or wrong, the answer and the explanation
 * come with the finished attempt's result (`review`), so no attempt can read the keys for another.
 */
export const AnswerFeedback = Type.Object({
  counted: Type.Boolean({ description: 'false when the question was already answered in this attempt (the first answer stands) or it is finished' }),
});
export type AnswerFeedback = Static<typeof AnswerFeedback>;

export const AttemptKeyBody = Type.Object({ attemptKey: AttemptKey }, { additionalProperties: false });
export type AttemptKeyBody = Static<typeof AttemptKeyBody>;

/** One question of a finished attempt: the player's first answer judged, with the right answer and its explanation. */
export const QuestionReview = Type.Object({
  questionId: ObjectId,
  answered: Type.Boolean(),
  isCorrect: Type.Boolean(),
  ...ChallengeAnswer.properties,
});
export type QuestionReview = Static<typeof QuestionReview>;

export const AttemptResult = Type.Object({
  attemptId: ObjectId,
  name: Type.String(),
  score: Percentage,
  correctAnswers: Count,
  totalQuestions: Count,
  timeSpent: Seconds,
  winner: ChallengeWinner,
  untimed: Type.Optional(Type.Boolean({ description: 'played in untimed mode: the time is not shown or compared' })),
  ...ChallengerNumbers,
  canClaim: Type.Boolean({ description: 'a guest attempt not yet claimed: signing in moves it to an account' }),
  claimedBy: Nullable(ObjectId),
  /** The challenge's chapter, for "Practise this chapter" (issue 31, item 14); null for a challenge without one. */
  chapterId: Type.Optional(Nullable(ObjectId)),
  review: Type.Optional(Type.Array(QuestionReview, { description: 'every question with the right answer and explanation: only in the answer to finishing' })),
});
export type AttemptResult = Static<typeof AttemptResult>;

export const ClaimParams = Type.Object({ attemptId: ObjectId }, { additionalProperties: false });

export const CreateChallenge = defineRoute({
  method: 'POST',
  url: '/api/challenges',
  owner: 'challenge',
  access: 'user',
  summary: 'Create a link challenge {sessionId, maxUses?} or a direct one {sessionId, challengedId, message?}',
  description: 'From a finished full chapter or topic quiz of the caller; its numbers and questions come from svc-study. Links expire after 7 days. Subscribers only (403 NOT_ENTITLED).',
  body: CreateChallengeBody,
  response: { 200: CreatedChallenge },
});

export const ListMyChallenges = defineRoute({
  method: 'GET',
  url: '/api/challenges/mine',
  owner: 'challenge',
  access: 'user',
  summary: 'Direct challenges sent to the caller and the caller\u2019s own challenges with their results',
  response: { 200: MyChallenges },
});

export const GetChallenge = defineRoute({
  method: 'GET',
  url: '/api/challenges/:id',
  owner: 'challenge',
  access: 'user',
  summary: 'A challenge by id, for its creator or the user it was sent to; 404 for anyone else',
  params: IdParams,
  response: { 200: Challenge },
});

export const AcceptChallenge = defineRoute({
  method: 'POST',
  url: '/api/challenges/:id/accept',
  owner: 'challenge',
  access: 'user',
  summary: 'The user a direct challenge was sent to takes it: answers the challenge (with its token to play); no body',
  params: IdParams,
  response: { 200: Challenge },
});

export const GetChallengeByToken = defineRoute({
  method: 'GET',
  url: '/api/challenges/token/:token',
  owner: 'challenge',
  access: 'public',
  summary: 'A challenge\u2019s intro by its link token (no questions)',
  description: '404 when invalid, expired (message: Challenge expired on {date}, code EXPIRED) or used up (code USED_UP).',
  params: TokenParams,
  response: { 200: ChallengeIntro },
});

export const StartChallengeAttempt = defineRoute({
  method: 'POST',
  url: '/api/challenges/token/:token/attempts',
  owner: 'challenge',
  access: 'public',
  summary: 'Start playing: returns the attempt id, its secret key and the questions (no answers)',
  description: 'guestName (≥ 2 characters after trim) is required when not signed in. One attempt per player and challenge (a signed-in user, or a guest\u2019s browser): another start is 409 ALREADY_PLAYED. Rate-limited per link, per client and per address (429).',
  params: TokenParams,
  body: StartAttemptBody,
  response: { 200: StartedAttempt },
});

export const AnswerChallengeQuestion = defineRoute({
  method: 'POST',
  url: '/api/challenges/token/:token/attempts/:attemptId/answers',
  owner: 'challenge',
  access: 'public',
  summary: 'Answer one question of the attempt: recorded on the server (the first answer counts); right or wrong comes with the result',
  description: '404 (USED_UP, EXPIRED) when the challenge can no longer be played.',
  params: AttemptParams,
  body: AttemptAnswerBody,
  response: { 200: AnswerFeedback },
});

export const FinishChallengeAttempt = defineRoute({
  method: 'POST',
  url: '/api/challenges/token/:token/attempts/:attemptId/finish',
  owner: 'challenge',
  access: 'public',
  summary: 'Finish the attempt: stores its result once, counts one use, pushes the result to the challenger',
  description: '404 USED_UP when the last use was taken by another player first. Repeating it returns the same result.',
  params: AttemptParams,
  body: AttemptKeyBody,
  response: { 200: AttemptResult },
});

export const GetChallengeQuestionAnswer = defineRoute({
  method: 'GET',
  url: '/api/challenges/token/:token/question/:id/answer',
  owner: 'challenge',
  access: 'public',
  summary: 'The answer and explanation of a question of the caller\u2019s finished attempt',
  description: 'Needs the headers X-Attempt-Id and X-Attempt-Key; 409 NOT_FINISHED before the attempt is finished.',
  params: TokenQuestionParams,
  response: { 200: ChallengeAnswer },
});

export const ClaimChallengeAttempt = defineRoute({
  method: 'POST',
  url: '/api/challenges/attempts/:attemptId/claim',
  owner: 'challenge',
  access: 'user',
  summary: 'Move a finished guest attempt to the now signed-in caller, once',
  params: ClaimParams,
  body: AttemptKeyBody,
  response: { 200: AttemptResult },
});

/** Issue 31, item 14: "Challenge back" from the results of a challenge played. */
export const ChallengeBack = defineRoute({
  method: 'POST',
  url: '/api/challenges/attempts/:attemptId/challenge-back',
  owner: 'challenge',
  access: 'user',
  summary: 'The player of a finished attempt challenges the challenger back: the same questions, the player\u2019s numbers; no body',
  description: 'The caller must be the attempt\u2019s player (signed in when playing, or having claimed it). A direct challenge to the original challenger, made once per attempt: a retry returns the same one. Subscribers only (403 NOT_ENTITLED).',
  params: ClaimParams,
  response: { 200: CreatedChallenge },
});

export const challengeRoutes = [
  CreateChallenge,
  ListMyChallenges,
  GetChallenge,
  AcceptChallenge,
  GetChallengeByToken,
  StartChallengeAttempt,
  AnswerChallengeQuestion,
  FinishChallengeAttempt,
  GetChallengeQuestionAnswer,
  ClaimChallengeAttempt,
  ChallengeBack,
] as const;
