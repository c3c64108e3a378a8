// POST /api/feedback (spec §7): a signed-in learner's multipart form. The screenshot is read by the kit's
// streaming reader (PNG or JPEG by its bytes, cut off past 5 MB); errors answer the one error shape with the spec's
// own texts as `message`, which is what the page shows.
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, SubmitFeedback } from '@lp/contracts';
import { UploadError, addRoute, errorBody, readMultipart, type ServiceApp, type UploadErrorCode } from '@lp/service-kit';
import type { FastifyReply } from 'fastify';
import type { FeedbackContext } from '../context';
import { RateLimited } from '../tickets/filing';
import { checkSubmission } from '../domain/submission';

const UPLOAD_MESSAGES: Partial<Record<UploadErrorCode, string>> = {
  FILE_TYPE: FEEDBACK_MESSAGES.fileType,
  FILE_TOO_LARGE: FEEDBACK_MESSAGES.fileTooLarge,
  TOO_MANY_FILES: 'Attach one screenshot at most.',
};

/** The kit's error shape, the screen's text as `message` (what the page shows, spec §7). */
const refuse = (reply: FastifyReply, status: number, text: string, code: string) => reply.status(status).send(errorBody(status, text, code));

export function submitRoute(ctx: FeedbackContext, app: ServiceApp) {
  addRoute(app, SubmitFeedback, async (request, reply) => {
    let form: Awaited<ReturnType<typeof readMultipart>>;
    try {
      form = await readMultipart(request, {
        files: { attachment: { kinds: ['png', 'jpeg'], maxBytes: FEEDBACK_LIMITS.attachmentBytes } },
        maxFieldBytes: 16 * 1024,
      });
    } catch (err) {
      if (err instanceof UploadError) return refuse(reply, err.status, UPLOAD_MESSAGES[err.code] ?? err.message, err.code);
      throw err;
    }
    const check = checkSubmission(form.fields);
    if (!check.ok) return refuse(reply, 400, check.message, 'VALIDATION');
    const file = form.files[0];
    try {
      const { ticketNumber } = await ctx.submit({
        userId: request.user!.sub, ...check.value,
        attachment: file ? { filename: file.filename, kind: file.kind as 'png' | 'jpeg', bytes: file.bytes } : null,
      });
      return { ticketNumber };
    } catch (err) {
      if (err instanceof RateLimited) {
        reply.header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)));
        return refuse(reply, 429, err.message, 'RATE_LIMITED');
      }
      throw err;
    }
  });
}
