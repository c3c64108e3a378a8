// Push to the browser (issue 25 §3): one Server-Sent Events stream per tab from the gateway, fed by NATS.
//
// Services publish a push message on the core NATS subject `push.user.<userId>`; every gateway process holds one
// wildcard subscription and writes the message to that user's open streams as `event: <type>` + `data: <json>`.
// Push messages are best-effort notifications, not events: they are NOT in the EVENTS stream and not sent through
// the outbox. The state they announce is already stored (and, where it matters, announced by a real event); a
// message lost while a gateway restarts or a stream reconnects is covered by the browser re-reading on (re)connect
// and by polling, which stays as the fallback whenever no stream is held.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { PaymentProvider, PaymentState } from './billing';
import { ChallengeWinner } from './challenge';
import { Count, Currency, DateTime, Money, ObjectId, Percentage, Uuid } from './common';
import { TicketNumber } from './feedback';
import { ErrorResponses } from './route';
import { ChapterProgress } from './study';

/** The NATS subject of one user's push messages; the gateway subscribes to `PUSH_SUBJECTS`. */
export const pushSubject = (userId: string) => `push.user.${userId}`;
export const PUSH_SUBJECTS = 'push.user.*';

/** At most this many streams per user (tabs) on one gateway; opening another ends the oldest (`too-many-tabs`). */
export const PUSH_STREAMS_PER_USER = 6;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const PUSH_HEARTBEAT_MS = 25_000;

/**
 * One kind of push message: `type` (the stream's `event:` name, which the browser dispatches on) and the fields of
 * that kind, nothing else. Every kind is built here, so they cannot drift apart in shape.
 */
function pushMessage<Kind extends string, Fields extends TProperties>(type: Kind, fields: Fields) {
  return Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false });
}

/** Answers were applied: the progress of the chapters they changed, as `POST /api/chapters/progress/batch` gives it. */
export const ProgressPush = pushMessage('progress', {
  chapters: Type.Array(ChapterProgress, { minItems: 1, maxItems: 100 }),
  /** The answers (their client-supplied ids) whose effects these figures include. */
  answerIds: Type.Array(Uuid, { minItems: 1, maxItems: 500 }),
});
export type ProgressPush = Static<typeof ProgressPush>;

/** One of the user's payments changed state (what `GET /api/payment-status` lists). */
export const PaymentPush = pushMessage('payment', {
  paymentId: Type.String({ minLength: 1, maxLength: 100 }),
  status: PaymentState,
  provider: PaymentProvider,
  amount: Money,
  currency: Currency,
});
export type PaymentPush = Static<typeof PaymentPush>;

/** Someone finished an attempt at one of the user's challenges (what `GET /api/challenges/mine` lists). */
export const ChallengePush = pushMessage('challenge', {
  challengeId: ObjectId,
  attemptId: ObjectId,
  friendName: Type.String({ maxLength: 100 }),
  score: Percentage,
  correctAnswers: Count,
  totalQuestions: Count,
  winner: ChallengeWinner,
  completedAt: DateTime,
});
export type ChallengePush = Static<typeof ChallengePush>;

/**
 * The desk replied to one of the user's tickets: the tab asks `GET /api/feedback/notices` again (which holds the
 * reply, and whether it was seen), so a reply shows on the page open now, not only on the next load.
 */
export const ReplyPush = pushMessage('reply', { ticketNumber: TicketNumber });
export type ReplyPush = Static<typeof ReplyPush>;

export const PushMessage = Type.Union([ProgressPush, PaymentPush, ChallengePush, ReplyPush]);
export type PushMessage = Static<typeof PushMessage>;
export type PushType = PushMessage['type'];

/** Why the gateway ended a stream (the last message on it, `event: end`). */
export const PushEndReason = Type.Union([
  Type.Literal('signed-out', { description: 'the session ended (sign-out, replaced, revoked): do not reconnect' }),
  Type.Literal('expired', { description: 'the session token expired: renew it, then reconnect' }),
  Type.Literal('too-many-tabs', { description: `a newer tab took this one's place: poll instead` }),
  Type.Literal('closing', { description: 'the gateway is shutting down: reconnect' }),
]);
export type PushEndReason = Static<typeof PushEndReason>;
export const PushEnd = Type.Object({ reason: PushEndReason }, { additionalProperties: false });
export type PushEnd = Static<typeof PushEnd>;

/**
 * The stream itself. Served by the gateway, not proxied to a service, so it is not in `routes` (whose owners are
 * services). 200 `text/event-stream`: `event: progress|payment|challenge` with a `PushMessage` as `data`; `event: end`
 * with a `PushEnd` just before the gateway closes it; `: hb` comments. Errors in the one error shape.
 */
export const OpenPushStream = {
  method: 'GET',
  url: '/api/events',
  access: 'user',
  summary: 'Server-Sent Events: progress, payment and challenge updates for the signed-in user (one stream per tab)',
  description: 'Served by the gateway. 401 UNAUTHENTICATED without a live session; ends at sign-out and when the token expires.',
  response: ErrorResponses,
} as const;
