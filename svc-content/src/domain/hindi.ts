// Bilingual content (issue 33 §1): a stored Hindi version back in the upload format, for the downloads and the
// admin's preview, so that publishing either again gives the same content.
import type { HindiVersion, QuestionType, RawHindiQuestion } from '@lp/contracts';

/** The upload form: options only for multiple choice, the answer only for a short answer (the others derive theirs). */
export function uploadedHindi(type: QuestionType, hi: Partial<HindiVersion> & { question: string }): RawHindiQuestion {
  return {
    question: hi.question,
    ...(type === 'multiple_choice' && hi.options?.length ? { options: hi.options } : {}),
    ...(type === 'short_answer' && hi.correctAnswer ? { correctAnswer: hi.correctAnswer } : {}),
    ...(hi.explanation ? { explanation: hi.explanation } : {}),
  };
}

/** A catalogue entry's Hindi name in a response or a file, only when there is one. */
export const hindiNameOf = (hi: { name?: string | null } | null | undefined) => (hi?.name ? { hi: { name: hi.name } } : {});

/** A topic's Hindi name and description, only when there is a name. */
export const hindiTopicOf = (hi: { name?: string | null; description?: string | null } | null | undefined) =>
  (hi?.name ? { hi: { name: hi.name, ...(hi.description ? { description: hi.description } : {}) } } : {});
