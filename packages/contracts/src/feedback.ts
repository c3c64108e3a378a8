// Feedback tickets (spec §2, §5, §7): svc-feedback. Also where a learner asks to cancel a subscription
// (category 'cancel-subscription' or 'refund', the reason in the message).
import { Type, type Static } from '@sinclair/typebox';
import { NonBlank } from './common';
import { defineRoute } from './route';

/** 'bug' is Bug Report, 'feature' Feature Request (the select's labels). */
export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'content', 'cancel-subscription', 'refund', 'other'] as const;
export const FeedbackCategory = Type.Union(FEEDBACK_CATEGORIES.map((c) => Type.Literal(c)));
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

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
    subject: NonBlank(FEEDBACK_LIMITS.subject),
    message: NonBlank(FEEDBACK_LIMITS.message),
  },
  { additionalProperties: false },
);
export type FeedbackFields = Static<typeof FeedbackFields>;

export const TicketNumber = Type.String({ minLength: 1, maxLength: 32, description: 'read over the phone, e.g. LP-2026-000123' });
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
    'other), subject (1-200 characters), message (1-2000 characters). Optional file part `attachment`: PNG or ' +
    'JPEG, at most 5 MB (5242880 bytes).',
  consumes: ['multipart/form-data'],
  bodyLimit: 6 * 1024 * 1024,
  response: { 200: FeedbackReceipt },
});

export const feedbackRoutes = [SubmitFeedback] as const;
