/**
 * The services' error codes (`ErrorResponse.code`), split by who meets them. The front end shows a Hindi text per
 * learner code when the page is in Hindi (`@lp/web-platform/error-texts`); the services' `message` stays English.
 * A test (packages/web-platform/test/error-texts.test.ts) reads the services' sources and fails on a code in
 * neither list, so a new code gets its Hindi text or is named staff-only on purpose.
 */
export const LEARNER_ERROR_CODES = [
  // Any call: the kit, the gateway, the edge.
  'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NO_ROUTE', 'VALIDATION', 'RATE_LIMITED', 'INTERNAL', 'OVERLOADED', 'BUSY',
  'SESSION_CHECK_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'BAD_BODY', 'BODY_TOO_LARGE', 'CROSS_ORIGIN',
  // Uploads (the feedback form's screenshot).
  'BAD_MULTIPART', 'FILE_TYPE', 'FILE_TOO_LARGE', 'TOO_MANY_FILES', 'MISSING_FILE',
  // Identity.
  'SIGN_IN_NOT_CONFIGURED', 'SIGN_IN_FAILED', 'UNKNOWN_SUBJECT', 'OWN_EMAIL', 'USER_NOT_FOUND',
  // Study.
  'NOT_ENTITLED', 'QUESTION_NOT_IN_SESSION', 'ANSWER_ID_REUSED', 'CONTENT_UNAVAILABLE', 'SAMPLE_NOT_ISSUED', 'INVALID_EXAM_DATE',
  'SESSION_PAUSED', 'NO_QUESTIONS', 'SESSION_ID_TAKEN', 'SESSION_COMPLETED',
  // Content (a learner's flag, the full question list).
  'FLAG_CHECK_UNAVAILABLE', 'ENTITLEMENT_UNAVAILABLE', 'RETIRED', 'NOT_ANSWERED',
  // Challenge.
  'STUDY_UNAVAILABLE', 'EXPIRED', 'USED_UP', 'ATTEMPT_NOT_FOUND', 'OWN_CHALLENGE', 'NAME_REQUIRED', 'ALREADY_PLAYED', 'QUESTION_GONE',
  'QUESTION_NOT_IN_CHALLENGE', 'NOT_FINISHED', 'NOT_IN_CHALLENGE', 'ALREADY_CLAIMED', 'SELF_CHALLENGE', 'NO_FINISHED_QUIZ',
  'SESSION_NOT_FINISHED', 'NOT_A_FULL_QUIZ',
  // Billing.
  'NOT_REFUNDABLE', 'GATEWAY_ERROR', 'ORDER_NOT_FOUND', 'BAD_AMOUNT', 'PRICE_MISMATCH', 'GATEWAY_UNCONFIGURED', 'VERIFICATION_FAILED',
  'NOT_APPROVED', 'REGION_MISMATCH',
] as const;
export type LearnerErrorCode = (typeof LEARNER_ERROR_CODES)[number];

/** Codes only the owner's admin pages or a payment provider's webhook meet: their English message is shown as is. */
export const STAFF_ERROR_CODES = [
  'ADMIN_ELEVATION_REQUIRED', 'NOT_OWNER', 'ADMIN_NOT_CONFIGURED', 'WRONG_ADMIN_PASSWORD', 'AI_NOT_CONFIGURED', 'INVALID_JSON',
  'FILES_REJECTED', 'UPLOAD_REJECTED', 'DUPLICATE_QUESTION', 'REPLY_ID_REUSED', 'NO_ATTACHMENT', 'ATTACHMENT_INCOMPLETE',
  'BAD_WEBHOOK', 'BAD_SIGNATURE', 'VERIFY_UNAVAILABLE',
] as const;
