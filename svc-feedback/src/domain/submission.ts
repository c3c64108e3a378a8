// What a submission must hold (spec §5, word for word), checked before anything is stored. The multipart text
// fields arrive as strings; the contract's FeedbackFields is the schema they must meet.
import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, FEEDBACK_LIMITS, FEEDBACK_MESSAGES, FeedbackFields, hasNonLineCharacters, singleLineMessage, type FeedbackCategory } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';

export type SubmissionCheck = { ok: true; value: FeedbackFields } | { ok: false; message: string };

const KNOWN = new Set(['category', 'subject', 'message', 'submissionId']);

export function checkSubmission(fields: Record<string, string>): SubmissionCheck {
  const unknown = Object.keys(fields).find((k) => !KNOWN.has(k));
  if (unknown) return { ok: false, message: `The form has an unknown field '${unknown}'.` };
  const category = fields.category?.trim() ?? '';
  const subject = fields.subject?.trim() ?? '';
  const message = fields.message?.trim() ?? '';
  if (!category || !subject || !message) return { ok: false, message: FEEDBACK_MESSAGES.missingFields };
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(category)) {
    return { ok: false, message: `Choose a category: ${FEEDBACK_CATEGORIES.map((c) => FEEDBACK_CATEGORY_LABELS[c]).join(', ')}.` };
  }
  // A subject is one line: a NUL or a right-to-left override would make it show as something it is not.
  if (hasNonLineCharacters(subject)) return { ok: false, message: singleLineMessage('subject') };
  if (subject.length > FEEDBACK_LIMITS.subject) return { ok: false, message: `The subject can be at most ${FEEDBACK_LIMITS.subject} characters.` };
  if (message.length > FEEDBACK_LIMITS.message) return { ok: false, message: `The message can be at most ${FEEDBACK_LIMITS.message} characters.` };
  const value: FeedbackFields = { category: category as FeedbackCategory, subject, message, ...(fields.submissionId ? { submissionId: fields.submissionId } : {}) };
  if (!Value.Check(FeedbackFields, value)) return { ok: false, message: 'The submission id must be a UUID.' };
  return { ok: true, value };
}
