// Mistakes (spec §4): a wrong answer records one (or counts it again); a right answer in mistake review
// (mode mistakes or subject-mistakes) clears it; any other right answer leaves it as it is.
import type { QuizMode } from '@lp/contracts';

export interface MistakeState {
  chapterId: string;
  topicId: string;
  subjectId: string;
  wrongCount: number;
  lastWrongAt: Date;
}

const MISTAKE_REVIEW_MODES: ReadonlySet<QuizMode> = new Set(['mistakes', 'subject-mistakes']);

export interface CountedAnswer {
  isCorrect: boolean;
  mode: QuizMode | null;
  at: Date;
  chapterId: string;
  topicId: string;
  subjectId: string;
}

/** The question's mistake after a counted answer: the new state, or null when it has none. */
export function mistakeAfter(current: MistakeState | null, answer: CountedAnswer): MistakeState | null {
  if (!answer.isCorrect) {
    return { chapterId: answer.chapterId, topicId: answer.topicId, subjectId: answer.subjectId, wrongCount: (current?.wrongCount ?? 0) + 1, lastWrongAt: answer.at };
  }
  if (current && answer.mode && MISTAKE_REVIEW_MODES.has(answer.mode)) return null;
  return current;
}

/** Question ids of the mistakes that match, most recent first, at most `limit`. */
export function mistakeIds(mistakes: Record<string, MistakeState>, match: (m: MistakeState) => boolean, limit = 200): string[] {
  return Object.entries(mistakes)
    .filter(([, m]) => match(m))
    .sort(([, a], [, b]) => new Date(b.lastWrongAt).getTime() - new Date(a.lastWrongAt).getTime())
    .slice(0, limit)
    .map(([qid]) => qid);
}
