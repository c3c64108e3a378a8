// The screenshot check before upload (spec §5): PNG or JPG by name and type, at most 5 MB. The server checks
// the bytes themselves again.
import { FEEDBACK_LIMITS } from '@lp/contracts';
import { t } from '../i18n/index.ts';

export interface CheckFailure { title: string; description: string }

// The spec's "Title, description" texts (FEEDBACK_MESSAGES), as the catalogue holds them: a title and a description.
const failure = (key: 'fileType' | 'fileTooLarge' | 'missingFields'): CheckFailure =>
  ({ title: t(`feedback.${key}Title`), description: t(`feedback.${key}`) });

export function checkAttachment(file: { name: string; type: string; size: number }): CheckFailure | null {
  const extensionOk = /\.(png|jpe?g)$/i.test(file.name);
  const typeOk = file.type === '' || (FEEDBACK_LIMITS.attachmentTypes as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return failure('fileType');
  if (file.size > FEEDBACK_LIMITS.attachmentBytes) return failure('fileTooLarge');
  return null;
}

/** Spec §5's "Missing fields, Please fill in all required fields" as a toast's two lines. */
export const missingFields = () => failure('missingFields');
