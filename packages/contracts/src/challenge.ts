// Friend challenges (spec §3, §4, §7): svc-challenge. A link challenge is played by anyone holding its token,
// no account needed; a direct challenge is sent to a user found by e-mail. Attempts are scored on the server
// with keys from content.rpc.answerKeys.
import { Type, type Static } from '@sinclair/typebox';
import { Count, DateTime, IdParams, LIMITS, NonBlank, Nullable, ObjectId, Percentage, QuestionType, Seconds } from './common';
import { defineRoute } from './route';

export const CHALLENGE_EXPIRY_DAYS = 7;

/** A challenge question as players see it: never its answer. */
export const ChallengeQuestion = Type.Object(
  {
    id: ObjectId,
    text: NonBlank(LIMITS.text),
    type: QuestionType,
    options: Type.Array(Type.String({ maxLength: LIMITS.text }), { maxItems: LIMITS.options }),
    figureReference: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.name }))),
  },
  { additionalProperties: false },
);
export type ChallengeQuestion = Static<typeof ChallengeQuestion>;

export const ChallengeStatus = Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('expired')]);
export type ChallengeStatus = Static<typeof ChallengeStatus>;

/** Opaque URL-safe token of a challenge link (/c/{token}). */
export const ChallengeToken = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
export type ChallengeToken = Static<typeof ChallengeToken>;

export const Challenge = Type.Object({
  id: ObjectId,
  token: ChallengeToken,
  status: ChallengeStatus,
  chapterId: Nullable(ObjectId),
  topicId: Nullable(ObjectId),
  challengerName: Type.String(),
  challengerScore: Percentage,
  challengerTime: Seconds,
  challengerCorrectAnswers: Count,
  challengerTotalQuestions: Count,
  friendName: Nullable(Type.String()),
  friendScore: Nullable(Percentage),
  friendTime: Nullable(Seconds),
  friendCorrectAnswers: Nullable(Count),
  message: Nullable(Type.String()),
  questions: Type.Array(ChallengeQuestion),
  uses: Count,
  maxUses: Nullable(Type.Integer({ minimum: 1, description: 'null: unlimited' })),
  expiresAt: DateTime,
  createdAt: DateTime,
});
export type Challenge = Static<typeof Challenge>;

const ChallengerResult = {
  challengerScore: Percentage,
  challengerTime: Seconds,
};

/** A link challenge, created from the results screen with the questions just played. */
export const CreateLinkChallengeBody = Type.Object({
  chapterId: ObjectId,
  ...ChallengerResult,
  challengerCorrectAnswers: Type.Integer({ minimum: 0, maximum: LIMITS.quizQuestions }),
  challengerTotalQuestions: Type.Integer({ minimum: 1, maximum: LIMITS.quizQuestions }),
  questions: Type.Array(ChallengeQuestion, { minItems: 1, maxItems: LIMITS.quizQuestions }),
  maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
}, { additionalProperties: false });
export type CreateLinkChallengeBody = Static<typeof CreateLinkChallengeBody>;

/** A direct challenge to a user found by e-mail (GET /api/users/search). */
export const CreateDirectChallengeBody = Type.Object({
  challengedId: ObjectId,
  topicId: ObjectId,
  ...ChallengerResult,
  message: Type.Optional(Type.String({ maxLength: 500 })),
}, { additionalProperties: false });
export type CreateDirectChallengeBody = Static<typeof CreateDirectChallengeBody>;

/**
 * Either variant; the service tells them apart by `challengedId`. Closed members in an anyOf need ajv's
 * removeAdditional off (the service kit's setting): with it on, ajv strips properties while trying a branch.
 */
export const CreateChallengeBody = Type.Union([CreateDirectChallengeBody, CreateLinkChallengeBody]);
export type CreateChallengeBody = Static<typeof CreateChallengeBody>;

export const CreatedChallenge = Type.Object({ id: ObjectId, token: ChallengeToken, expiresAt: DateTime });
export type CreatedChallenge = Static<typeof CreatedChallenge>;

export const TokenParams = Type.Object({ token: ChallengeToken }, { additionalProperties: false });
export type TokenParams = Static<typeof TokenParams>;

export const TokenQuestionParams = Type.Object({ token: ChallengeToken, id: ObjectId }, { additionalProperties: false });
export type TokenQuestionParams = Static<typeof TokenQuestionParams>;

/** One answer per question, in order: the selected option index, typed text (short answer) or null (none). */
export const AttemptAnswer = Nullable(
  Type.Union([Type.Integer({ minimum: 0, maximum: LIMITS.options - 1 }), Type.String({ maxLength: LIMITS.text })]),
);

export const ChallengeAttemptBody = Type.Object(
  {
    answers: Type.Array(AttemptAnswer, { maxItems: LIMITS.quizQuestions }),
    timeSpent: Seconds,
    guestName: Type.Optional(
      Type.String({
        maxLength: 50,
        // At least 2 characters once trimmed: two non-space characters, anything between.
        pattern: '\\S[\\s\\S]*\\S',
        description: 'required when not signed in: at least 2 characters after trimming',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ChallengeAttemptBody = Static<typeof ChallengeAttemptBody>;

export const AttemptResult = Type.Object({
  attemptId: ObjectId,
  score: Percentage,
  correctAnswers: Count,
  totalQuestions: Count,
  timeSpent: Seconds,
  canClaim: Type.Boolean({ description: 'a guest attempt can be claimed after signing in' }),
  claimToken: Type.Optional(Type.String({ description: 'secret proving the attempt is the caller\u2019s; only for guests' })),
});
export type AttemptResult = Static<typeof AttemptResult>;

export const ClaimAttemptBody = Type.Object(
  { attemptId: ObjectId, claimToken: Type.String({ minLength: 16, maxLength: 128 }) },
  { additionalProperties: false },
);
export type ClaimAttemptBody = Static<typeof ClaimAttemptBody>;

export const ChallengeAnswer = Type.Object({
  correctAnswer: Type.String({ description: 'the correct option text' }),
  correctIndex: Nullable(Type.Integer({ minimum: 0, description: 'its option index; null for short answers' })),
  explanation: Type.String(),
});
export type ChallengeAnswer = Static<typeof ChallengeAnswer>;

export const CreateChallenge = defineRoute({
  method: 'POST',
  url: '/api/challenges',
  owner: 'challenge',
  access: 'user',
  summary: 'Create a link challenge (chapterId, questions) or a direct one (challengedId, topicId)',
  description: 'Links expire after 7 days. Subscribers only (403 code NOT_ENTITLED).',
  body: CreateChallengeBody,
  response: { 200: CreatedChallenge },
});

export const GetChallenge = defineRoute({
  method: 'GET',
  url: '/api/challenges/:id',
  owner: 'challenge',
  access: 'public',
  summary: 'A challenge by id; 404 when unknown',
  params: IdParams,
  response: { 200: Challenge },
});

export const AcceptChallenge = defineRoute({
  method: 'POST',
  url: '/api/challenges/:id/accept',
  owner: 'challenge',
  access: 'user',
  summary: 'Accept a direct challenge sent to the caller; no body',
  params: IdParams,
  response: { 200: Challenge },
});

export const GetChallengeByToken = defineRoute({
  method: 'GET',
  url: '/api/challenges/token/:token',
  owner: 'challenge',
  access: 'public',
  summary: 'A challenge by its link token',
  description: '404 when invalid, expired or the usage limit is reached (the player shows Challenge Not Found).',
  params: TokenParams,
  response: { 200: Challenge },
});

export const SubmitChallengeAttempt = defineRoute({
  method: 'POST',
  url: '/api/challenges/token/:token/attempt',
  owner: 'challenge',
  access: 'public',
  summary: 'Submit a played challenge; scored on the server; publishes challenge.attempt.completed',
  description: 'guestName is required when not signed in (400 otherwise).',
  params: TokenParams,
  body: ChallengeAttemptBody,
  response: { 200: AttemptResult },
});

export const GetChallengeQuestionAnswer = defineRoute({
  method: 'GET',
  url: '/api/challenges/token/:token/question/:id/answer',
  owner: 'challenge',
  access: 'public',
  summary: 'The answer and explanation of one challenge question, for feedback during play',
  params: TokenQuestionParams,
  response: { 200: ChallengeAnswer },
});

export const ClaimChallengeAttempt = defineRoute({
  method: 'POST',
  url: '/api/challenges/token/:token/claim',
  owner: 'challenge',
  access: 'user',
  summary: 'Attach a guest attempt to the now signed-in caller',
  params: TokenParams,
  body: ClaimAttemptBody,
  response: { 200: Challenge },
});

export const challengeRoutes = [
  CreateChallenge,
  GetChallenge,
  AcceptChallenge,
  GetChallengeByToken,
  SubmitChallengeAttempt,
  GetChallengeQuestionAnswer,
  ClaimChallengeAttempt,
] as const;
