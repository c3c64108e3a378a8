// The numbers the topic page shows (spec §2, /topic/{id}): how many questions, the share of easy ones
// (difficulty 1) and of hard ones (difficulty 3 and 4), and how many of each type. Recomputed on publish.
import type { QuestionType } from '@lp/question-rules';

export interface TopicStats {
  questionCount: number;
  /** Percentage of questions with difficulty 1, rounded. */
  easyPercentage: number;
  /** Percentage of questions with difficulty 3 or 4, rounded (spec §2). */
  hardPercentage: number;
  questionCountByType: Record<QuestionType, number>;
}

export function topicStats(questions: ReadonlyArray<{ difficulty: number; type: QuestionType }>): TopicStats {
  const questionCountByType: Record<QuestionType, number> = { multiple_choice: 0, true_false: 0, short_answer: 0 };
  let easy = 0;
  let hard = 0;
  for (const q of questions) {
    questionCountByType[q.type] += 1;
    if (q.difficulty === 1) easy += 1;
    if (q.difficulty === 3 || q.difficulty === 4) hard += 1;
  }
  const total = questions.length;
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return { questionCount: total, easyPercentage: share(easy), hardPercentage: share(hard), questionCountByType };
}
