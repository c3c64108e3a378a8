// The screenshot check before upload (spec §5): PNG or JPG by name and type, at most 5 MB. The server checks
// the bytes themselves again.
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '@lp/contracts';

export interface CheckFailure { title: string; description: string }

const split = (text: string): CheckFailure => {
  const [title, ...rest] = text.split(', ');
  return { title: title!, description: rest.join(', ') };
};

export function checkAttachment(file: { name: string; type: string; size: number }): CheckFailure | null {
  const extensionOk = /\.(png|jpe?g)$/i.test(file.name);
  const typeOk = file.type === '' || (FEEDBACK_LIMITS.attachmentTypes as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return split(FEEDBACK_MESSAGES.fileType);
  if (file.size > FEEDBACK_LIMITS.attachmentBytes) return split(FEEDBACK_MESSAGES.fileTooLarge);
  return null;
}

/** The spec's "Title, description" texts as a toast's two lines. */
export const toastText = split;
