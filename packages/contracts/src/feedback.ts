// Feedback tickets (spec §2, §5, §7): svc-feedback. Also where a learner asks to cancel a subscription
// (category 'cancel-subscription' or 'refund', the reason in the message).
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, NonBlank, NonBlankLine, Nullable, ObjectId, Uuid } from './common';
import { defineRoute } from './route';

/** 'bug' is Bug Report, 'feature' Feature Request (the select's labels). */
export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'content', 'cancel-subscription', 'refund', 'other'] as const;
export const FeedbackCategory = Type.Union(FEEDBACK_CATEGORIES.map((c) => Type.Literal(c)));
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** The select's labels (spec §5: Bug Report = bug, Feature Request = feature), in the order the form lists them. */
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  content: 'Question or content error',
  'cancel-subscription': 'Cancel subscription',
  refund: 'Refund request',
  other: 'Other',
};

/** The categories billing acts on: the learner gives a reason, billing applies the refund policy. */
export const BILLING_CATEGORIES: readonly FeedbackCategory[] = ['cancel-subscription', 'refund'];

/** The form's and the service's message texts (spec §5, §8), word for word. */
export const FEEDBACK_MESSAGES = {
  missingFields: 'Missing fields, Please fill in all required fields',
  fileType: 'Invalid file type, Only PNG and JPG images are allowed',
  fileTooLarge: 'File too large, Please upload files smaller than 5MB',
  /** Spec §8's generic fallback: a failure the server gave no text for (offline, a proxy's empty 502). */
  submitFailed: 'Failed to submit feedback.',
} as const;

export const FEEDBACK_LIMITS = {
  subject: 200,
  message: 2000,
  attachmentBytes: 5242880,
  attachmentTypes: ['image/png', 'image/jpeg'],
} as const;

/** The multipart text fields, validated after reading the parts. The optional file part is `attachment`. */
export const FeedbackFields = Type.Object(
  {
    category: FeedbackCategory,
    subject: NonBlankLine(FEEDBACK_LIMITS.subject),
    message: NonBlank(FEEDBACK_LIMITS.message),
    /** The client's id for this submission: a retry with the same id answers the same ticket and files nothing twice. */
    submissionId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type FeedbackFields = Static<typeof FeedbackFields>;

export const TicketNumber = Type.String({ minLength: 1, maxLength: 32, description: 'read over the phone, e.g. LP-2026-000123' });
/** A ticket number sent by a client (a path, a body): LP-<year>-<at least 6 digits>. */
export const TICKET_NUMBER_PATTERN = '^LP-\\d{4}-\\d{6,9}$';
export const TicketNumberInput = Type.String({ pattern: TICKET_NUMBER_PATTERN, maxLength: 32 });
export const TicketNumberParam = Type.Object({ ticketNumber: TicketNumberInput }, { additionalProperties: false });
export type TicketNumber = Static<typeof TicketNumber>;

export const FeedbackReceipt = Type.Object({ ticketNumber: TicketNumber });
export type FeedbackReceipt = Static<typeof FeedbackReceipt>;

export const SubmitFeedback = defineRoute({
  method: 'POST',
  url: '/api/feedback',
  owner: 'feedback',
  access: 'user',
  summary: 'Send feedback; answers the ticket number; publishes feedback.ticket.created',
  description:
    'multipart/form-data. Text fields (FeedbackFields): category (bug, feature, content, cancel-subscription, ' +
    'refund, other), subject (1-200 characters), message (1-2000 characters; the reason for cancel-subscription and ' +
    'refund), optional submissionId (UUID, makes a retry harmless). Optional file part `attachment`: PNG or JPEG by ' +
    'its bytes, at most 5 MB (5242880 bytes). Errors: 400 `Missing fields, Please fill in all required fields`, 400 ' +
    '`Invalid file type, Only PNG and JPG images are allowed`, 413 `File too large, Please upload files smaller than ' +
    '5MB`, 429 with Retry-After when a learner sends too many.',
  consumes: ['multipart/form-data'],
  bodyLimit: 6 * 1024 * 1024,
  response: { 200: FeedbackReceipt },
});

// ---- A ticket's life: status, replies, billing's outcome ----

export const TICKET_STATUSES = ['open', 'in-progress', 'resolved'] as const;
export const TicketStatus = Type.Union(TICKET_STATUSES.map((s) => Type.Literal(s)));
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { open: 'Open', 'in-progress': 'In progress', resolved: 'Resolved' };

/** How billing's decision reads on a ticket. */
export const TICKET_OUTCOME_LABELS: Record<string, string> = {
  refunded: 'Refunded', cancelled: 'Subscription cancelled', refused: 'Refund not possible', failed: 'Refund failed: we will follow up', 'no-subscription': 'No subscription found',
};

/** A reply from the support desk, shown to the learner on their ticket. */
export const TicketReply = Type.Object({ message: Type.String(), at: DateTime });
export type TicketReply = Static<typeof TicketReply>;

/** What billing decided on a cancel-subscription or refund ticket (from billing.refund.updated). */
export const TicketOutcome = Type.Object({
  outcome: Type.Union(['refunded', 'cancelled', 'refused', 'failed', 'no-subscription'].map((o) => Type.Literal(o))),
  reason: Type.String(),
  decidedAt: DateTime,
});
export type TicketOutcome = Static<typeof TicketOutcome>;

/** A ticket as its learner sees it. */
export const LearnerTicket = Type.Object({
  ticketNumber: TicketNumber,
  category: FeedbackCategory,
  subject: Type.String(),
  message: Type.String(),
  status: TicketStatus,
  createdAt: DateTime,
  hasAttachment: Type.Boolean(),
  replies: Type.Array(TicketReply, { description: 'oldest first' }),
  outcome: Nullable(TicketOutcome),
});
export type LearnerTicket = Static<typeof LearnerTicket>;

export const ListMyTickets = defineRoute({
  method: 'GET',
  url: '/api/feedback/mine',
  owner: 'feedback',
  access: 'user',
  summary: "The caller's own tickets, newest first, with status, replies and billing's outcome",
  response: { 200: Type.Object({ tickets: Type.Array(LearnerTicket) }) },
});

export const GetMyTicket = defineRoute({
  method: 'GET',
  url: '/api/feedback/mine/:ticketNumber',
  owner: 'feedback',
  access: 'user',
  summary: "One of the caller's own tickets; another learner's ticket answers 404",
  params: TicketNumberParam,
  response: { 200: LearnerTicket },
});

// ---- The owner's inbox (owner role + admin elevation) ----

export const AttachmentInfo = Type.Object({ filename: Type.String(), kind: Type.Union([Type.Literal('png'), Type.Literal('jpeg')]), size: Type.Integer({ minimum: 1 }) });
export type AttachmentInfo = Static<typeof AttachmentInfo>;

export const InboxTicket = Type.Object({
  ...LearnerTicket.properties,
  userId: ObjectId,
  learner: Nullable(Type.Object({ name: Type.String(), email: Type.String() }, { description: 'from identity.user.upserted; null until known' })),
  attachment: Nullable(AttachmentInfo),
  /** Older than 24 hours with no reply and no billing outcome, not resolved: the spec promises a response within 24 hours. */
  overdue: Type.Boolean(),
});
export type InboxTicket = Static<typeof InboxTicket>;

export const InboxQuery = Type.Object(
  { category: Type.Optional(FeedbackCategory), status: Type.Optional(TicketStatus) },
  { additionalProperties: false },
);
export type InboxQuery = Static<typeof InboxQuery>;

export const ListInbox = defineRoute({
  method: 'GET',
  url: '/api/admin/feedback',
  owner: 'feedback',
  access: 'admin',
  summary: 'The inbox: overdue tickets (older than 24 hours, unanswered) first, then newest first; filters by category and status',
  querystring: InboxQuery,
  response: { 200: Type.Object({ tickets: Type.Array(InboxTicket), overdue: Type.Integer({ minimum: 0 }) }) },
});

export const GetInboxTicket = defineRoute({
  method: 'GET',
  url: '/api/admin/feedback/:ticketNumber',
  owner: 'feedback',
  access: 'admin',
  summary: 'One ticket with its learner, replies and attachment details',
  params: TicketNumberParam,
  response: { 200: InboxTicket },
});

export const GetTicketAttachment = defineRoute({
  method: 'GET',
  url: '/api/admin/feedback/:ticketNumber/attachment',
  owner: 'feedback',
  access: 'admin',
  summary: "A ticket's screenshot (image/png or image/jpeg, private, never cached); owner + admin elevation only",
  params: TicketNumberParam,
});

export const ReplyToTicketBody = Type.Object(
  {
    /** The client's id for this reply: a retry records it once. */
    replyId: Uuid,
    status: TicketStatus,
    reply: Type.Optional(Type.String({ maxLength: FEEDBACK_LIMITS.message, description: 'shown to the learner; blank or absent sets only the status' })),
  },
  { additionalProperties: false },
);
export type ReplyToTicketBody = Static<typeof ReplyToTicketBody>;

export const ReplyToTicket = defineRoute({
  method: 'POST',
  url: '/api/admin/feedback/:ticketNumber/replies',
  owner: 'feedback',
  access: 'admin',
  summary: 'Set the status (open, in progress, resolved) and optionally reply; the learner sees both on their tickets',
  params: TicketNumberParam,
  body: ReplyToTicketBody,
  response: { 200: InboxTicket },
});

// ---- Replies as notices (issue 31 §17): the learner sees a reply on any page, not only by reopening /feedback ----

/** A reply from the desk the learner has not seen yet. */
export const ReplyNotice = Type.Object({
  replyId: Uuid,
  ticketNumber: TicketNumber,
  subject: Type.String(),
  message: Type.String({ maxLength: 300, description: 'the reply, cut to 300 characters' }),
  at: DateTime,
});
export type ReplyNotice = Static<typeof ReplyNotice>;

export const ListMyNotices = defineRoute({
  method: 'GET',
  url: '/api/feedback/notices',
  owner: 'feedback',
  access: 'user',
  summary: "Replies to the caller's tickets not yet marked seen, newest first (at most 20)",
  response: { 200: Type.Object({ notices: Type.Array(ReplyNotice, { maxItems: 20 }) }) },
});

export const MarkNoticesSeenBody = Type.Object({ replyIds: Type.Array(Uuid, { minItems: 1, maxItems: 20 }) }, { additionalProperties: false });
export type MarkNoticesSeenBody = Static<typeof MarkNoticesSeenBody>;

export const MarkNoticesSeen = defineRoute({
  method: 'POST',
  url: '/api/feedback/notices/seen',
  owner: 'feedback',
  access: 'user',
  summary: "Marks replies seen (once each; ids of other learners' replies are ignored); answers how many are still unseen",
  body: MarkNoticesSeenBody,
  response: { 200: Type.Object({ unseen: Type.Integer({ minimum: 0 }) }) },
});

export const feedbackRoutes = [SubmitFeedback, ListMyTickets, GetMyTicket, ListInbox, GetInboxTicket, GetTicketAttachment, ReplyToTicket, ListMyNotices, MarkNoticesSeen] as const;
