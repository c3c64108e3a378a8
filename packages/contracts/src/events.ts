// Events on NATS JetStream and request/reply RPCs between services (ARCHITECTURE.md, "Events").
// An event's NATS subject is its type; its envelope id travels as Nats-Msg-Id so a re-publish is dropped.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Role } from './auth';
import { PaymentProvider, Plan } from './billing';
import { FeedbackCategory, TicketNumber } from './feedback';
import { SubscriptionState } from './study';
import { HindiQuestion, HindiVersion } from './content';
import {
  ClassName,
  Count,
  Currency,
  DateTime,
  LIMITS,
  Money,
  Nullable,
  ObjectId,
  Percentage,
  QuestionType,
  QuizMode,
  Seconds,
  Uuid,
} from './common';

/** The one JetStream stream holding every event. */
export const STREAM_NAME = 'EVENTS';

// ---- Event data ----

export const UserUpserted = Type.Object({
  userId: ObjectId,
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Role,
  profileImageUrl: Type.Optional(Nullable(Type.String())),
  /** Untimed mode (issue 33 §3); absent from a sign-in's event, which leaves the setting as it was. */
  untimed: Type.Optional(Type.Boolean()),
});
export type UserUpserted = Static<typeof UserUpserted>;

export const ChapterPublished = Type.Object({
  chapterId: ObjectId,
  subjectId: ObjectId,
  subjectName: Type.String(),
  className: ClassName,
  chapterName: Type.String(),
  topicIds: Type.Array(ObjectId),
  questionCount: Count,
});
export type ChapterPublished = Static<typeof ChapterPublished>;

export const QuizCompleted = Type.Object({
  userId: ObjectId,
  sessionId: ObjectId,
  mode: Type.Optional(QuizMode),
  chapterId: Nullable(ObjectId),
  topicId: Nullable(ObjectId),
  score: Percentage,
  correct: Count,
  total: Count,
  timeSpent: Seconds,
});
export type QuizCompleted = Static<typeof QuizCompleted>;

/** 'seed' marks a subscription granted by the demo seed, not bought. */
export const SubscriptionProvider = Type.Union([PaymentProvider, Type.Literal('seed')]);
export type SubscriptionProvider = Static<typeof SubscriptionProvider>;

export const SubscriptionActivated = Type.Object({
  userId: ObjectId,
  subscriptionId: ObjectId,
  plan: Plan,
  provider: SubscriptionProvider,
  currency: Currency,
  amount: Money,
  startsAt: DateTime,
  endsAt: DateTime,
  /** The captured payment that bought this period (absent for the demo seed). */
  paymentId: Type.Optional(Type.String()),
});
export type SubscriptionActivated = Static<typeof SubscriptionActivated>;

export const SubscriptionEnded = Type.Object({
  userId: ObjectId,
  subscriptionId: ObjectId,
  reason: Type.Union([Type.Literal('expired'), Type.Literal('cancelled'), Type.Literal('refunded')]),
  endedAt: DateTime,
});
export type SubscriptionEnded = Static<typeof SubscriptionEnded>;

export const TicketCreated = Type.Object({
  ticketNumber: TicketNumber,
  userId: ObjectId,
  category: FeedbackCategory,
  subject: Type.String({ maxLength: 200 }),
  /** The learner's reason, for cancel-subscription and refund tickets (billing records it with its decision). */
  message: Type.Optional(Type.String({ maxLength: 2000 })),
  createdAt: DateTime,
});
export type TicketCreated = Static<typeof TicketCreated>;

/** The support loop, feedback -> billing -> feedback: what billing decided on a cancel-subscription or refund ticket. */
export const RefundOutcome = Type.Union([
  Type.Literal('refunded', { description: 'money returned to the original payment method; the subscription ended' }),
  Type.Literal('cancelled', { description: 'the subscription will not renew / ended; no money returned' }),
  Type.Literal('refused', { description: 'the policy does not allow it; `reason` says why' }),
  Type.Literal('failed', { description: 'the gateway refused the refund; staff will follow up' }),
  Type.Literal('no-subscription', { description: 'nothing to cancel or refund' }),
]);
export type RefundOutcome = Static<typeof RefundOutcome>;

export const RefundUpdated = Type.Object({
  ticketNumber: TicketNumber,
  userId: ObjectId,
  outcome: RefundOutcome,
  /** A sentence the learner can read on their ticket. */
  reason: Type.String({ maxLength: 500 }),
  paymentId: Type.Optional(Type.String()),
  amount: Type.Optional(Money),
  currency: Type.Optional(Currency),
  decidedAt: DateTime,
});
export type RefundUpdated = Static<typeof RefundUpdated>;

/**
 * A sign-in session (or only its admin elevation) ended: the gateway and every service refuse its tokens from
 * now on, without waiting for them to expire. Every replica applies it (not a shared durable consumer).
 */
export const SessionEndReason = Type.Union([
  Type.Literal('signed-out'),
  Type.Literal('replaced', { description: 'a new sign-in in the same browser' }),
  Type.Literal('refresh-reuse', { description: 'a spent refresh token came back: treated as theft' }),
  Type.Literal('revoked'),
  Type.Literal('admin-signed-out', { description: 'only the admin elevation `elevationId` ended' }),
]);
export type SessionEndReason = Static<typeof SessionEndReason>;

export const SessionEnded = Type.Object({
  sid: Type.String({ minLength: 1, maxLength: 64 }),
  userId: ObjectId,
  reason: SessionEndReason,
  endedAt: DateTime,
  /** When the last token naming this session (or elevation) expires: forget it after. */
  expiresAt: DateTime,
  elevationId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'set when only this admin elevation ended' })),
});
export type SessionEnded = Static<typeof SessionEnded>;

/** Every event type and the schema of its data. */
export const events = {
  'identity.user.upserted': UserUpserted,
  'content.chapter.published': ChapterPublished,
  'study.quiz.completed': QuizCompleted,
  'billing.subscription.activated': SubscriptionActivated,
  'billing.subscription.ended': SubscriptionEnded,
  'feedback.ticket.created': TicketCreated,
  'billing.refund.updated': RefundUpdated,
  'identity.session.ended': SessionEnded,
} as const;

export type EventType = keyof typeof events;
export type EventData<T extends EventType> = Static<(typeof events)[T]>;

/**
 * The exact subjects of the stream. Configure the stream with these, never with wildcards such as `content.>`
 * or `*.*.*`: those would also capture the `<service>.rpc.<name>` request subjects, and a requester would get
 * JetStream's publish ack instead of the service's reply.
 */
export const EVENT_TYPES = Object.keys(events) as EventType[];

/** The envelope schema of one event type: `{ id, type, occurredAt, data }`. */
export const EventEnvelope = <T extends EventType>(type: T) =>
  Type.Object({
    id: Uuid,
    type: Type.Literal(type),
    occurredAt: DateTime,
    data: events[type] as (typeof events)[T],
  });
export type EventEnvelope<T extends EventType> = {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
};

/** Envelope schemas for every event type, built once (validators can be compiled from them). */
export const eventEnvelopes = Object.fromEntries(EVENT_TYPES.map((t) => [t, EventEnvelope(t)])) as {
  [T in EventType]: ReturnType<typeof EventEnvelope<T>>;
};

// ---- Request/reply between services ----

/** One answer key: everything a scorer needs, including the question for mistake and review lists. */
export const AnswerKey = Type.Object({
  questionId: ObjectId,
  chapterId: ObjectId,
  topicId: ObjectId,
  subjectId: ObjectId,
  type: QuestionType,
  question: Type.String(),
  options: Type.Array(Type.String()),
  correctAnswer: Type.String({ description: 'canonical, as NormalisedQuestion' }),
  explanation: Type.String(),
  difficulty: Type.Integer({ minimum: 1, maximum: 5 }),
  figureReference: Nullable(Type.String()),
  hi: Type.Optional(HindiVersion),
});
export type AnswerKey = Static<typeof AnswerKey>;

/** Why an RPC failed, each with the HTTP status it is nearest to, so a caller can tell its own mistake from a dead peer. */
export const RPC_ERROR_STATUS = {
  /** The request breaks the RPC's contract: the caller's mistake, asking again changes nothing. */
  BAD_REQUEST: 400,
  /** The responder failed while answering. */
  FAILED: 500,
  /** The responder answered out of contract (another version, a bug). */
  BAD_REPLY: 502,
  /** No responder answered in time: the service is down, overloaded or cut off; asking later may work. */
  UNAVAILABLE: 503,
} as const;
export const RpcErrorCode = Type.Union(Object.keys(RPC_ERROR_STATUS).map((code) => Type.Literal(code as keyof typeof RPC_ERROR_STATUS)));
export type RpcErrorCode = keyof typeof RPC_ERROR_STATUS;

/** Why an RPC failed: a responder sends it in a failed reply, and a requester's error carries it. */
export const RpcError = Type.Object({
  error: RpcErrorCode,
  status: Type.Integer({ minimum: 400, maximum: 599, description: 'the HTTP status nearest to the code' }),
  message: Type.String(),
});
export type RpcError = Static<typeof RpcError>;

/** What travels back on a request's reply subject: the data, or why there is none. */
export const RpcReply = <T extends TSchema>(data: T) =>
  Type.Union([Type.Object({ ok: Type.Literal(true), data }), Type.Object({ ok: Type.Literal(false), error: RpcError })]);
export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

export const rpc = {
  /** Answer keys of questions; unknown ids are simply absent from `keys`. */
  'content.rpc.answerKeys': {
    request: Type.Object(
      { questionIds: Type.Array(ObjectId, { minItems: 1, maxItems: 500 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ keys: Type.Array(AnswerKey) }),
  },
  /** Whether a subject exists, by id or by name (and class). */
  'content.rpc.subjectExists': {
    request: Type.Union([
      Type.Object({ subjectId: ObjectId }),
      Type.Object({ subjectName: Type.String({ minLength: 1, maxLength: LIMITS.name }), className: Type.Optional(ClassName) }),
    ]),
    response: Type.Object({ exists: Type.Boolean(), subjectId: Type.Optional(ObjectId) }),
  },
  /** A quiz's question set: every question id of a topic, or of a chapter, with where it sits. */
  'content.rpc.quizQuestions': {
    request: Type.Union([
      Type.Object({ topicId: ObjectId }, { additionalProperties: false }),
      Type.Object({ chapterId: ObjectId }, { additionalProperties: false }),
    ]),
    response: Type.Object({
      found: Type.Boolean({ description: 'false when the topic or chapter does not exist' }),
      questionIds: Type.Array(ObjectId),
      chapterId: Type.Union([ObjectId, Type.Null()]),
      subjectId: Type.Union([ObjectId, Type.Null()]),
    }),
  },
  /** Whether a sample quiz given to this visitor (user:<id> or ip:<address>) in the last hours held the question. */
  'content.rpc.sampleIssued': {
    request: Type.Object(
      { visitor: Type.String({ minLength: 3, maxLength: 100 }), questionId: ObjectId },
      { additionalProperties: false },
    ),
    response: Type.Object({ issued: Type.Boolean() }),
  },
  /**
   * What a learner may take, from svc-study's entitlement view. With a topicId or chapterId, canTakeQuiz is also
   * true while the learner has a session of that topic or chapter still open (a paused trial quiz resumes).
   */
  'study.rpc.entitlement': {
    request: Type.Object({ userId: ObjectId, topicId: Type.Optional(ObjectId), chapterId: Type.Optional(ObjectId) }, { additionalProperties: false }),
    response: Type.Object({
      subscriptionStatus: SubscriptionState,
      canTakeQuiz: Type.Boolean(),
      trialQuizzesRemaining: Count,
    }),
  },
  /**
   * Whether a learner has a recorded, counted answer to the question in a quiz (their review queue holds it): svc-content
   * refuses a flag from someone who never answered the question (issue 32 §4).
   */
  'study.rpc.answeredQuestion': {
    request: Type.Object({ userId: ObjectId, questionId: ObjectId }, { additionalProperties: false }),
    response: Type.Object({ answered: Type.Boolean() }),
  },
  /**
   * A learner's quiz session as svc-challenge needs it to create a challenge: who owns it, what it covered and,
   * once completed, its decided score. `found: false` for an unknown id.
   */
  'study.rpc.sessionResult': {
    /** By id; or a learner's latest completed full or topic quiz of a topic. */
    request: Type.Union([
      Type.Object({ sessionId: ObjectId }, { additionalProperties: false }),
      Type.Object({ userId: ObjectId, topicId: ObjectId }, { additionalProperties: false }),
    ]),
    response: Type.Object({
      found: Type.Boolean(),
      sessionId: Nullable(ObjectId),
      userId: Nullable(ObjectId),
      mode: Nullable(QuizMode),
      topicId: Nullable(ObjectId),
      chapterId: Nullable(ObjectId),
      completed: Type.Boolean(),
      score: Percentage,
      correctAnswers: Count,
      totalQuestions: Count,
      timeSpent: Seconds,
      /** The questions the learner answered, in the session's order (the whole set when none was answered). */
      questionIds: Type.Array(ObjectId, { maxItems: 500 }),
    }),
  },
  /** Challenge snapshots: questions as players see them (no answer key, no explanation); unknown ids absent. */
  'content.rpc.challengeQuestions': {
    request: Type.Object({ questionIds: Type.Array(ObjectId, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false }),
    response: Type.Object({
      questions: Type.Array(Type.Object({
        id: ObjectId,
        text: Type.String(),
        type: QuestionType,
        options: Type.Array(Type.String()),
        figureReference: Nullable(Type.String()),
        hi: Type.Optional(HindiQuestion),
      })),
      /** The subject and chapter of the first question found, for the link's intro (absent from an older svc-content). */
      place: Type.Optional(Nullable(Type.Object({ subjectName: Type.String(), chapterName: Type.String() }))),
    }),
  },
} as const satisfies Record<string, { request: TSchema; response: TSchema }>;

export type RpcName = keyof typeof rpc;
export type RpcRequest<N extends RpcName> = Static<(typeof rpc)[N]['request']>;
export type RpcResponse<N extends RpcName> = Static<(typeof rpc)[N]['response']>;
/** A sensible default request timeout; callers fail closed when it passes. */
export const RPC_TIMEOUT_MS = 2000;
