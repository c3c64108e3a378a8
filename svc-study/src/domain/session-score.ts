// A session's score (spec §4 "Session"): computed from the first answer recorded for each question of the
// session's own question set, never from counts a client sends. Later answers to the same question are
// practice and change nothing here.
import { percentage } from '@lp/question-rules';

export interface SessionScore {
  questionsAnswered: number;
  correctAnswers: number;
  /** Questions whose first answer was wrong, in the session's question order. */
  wrongQuestionIds: string[];
  percentage: number;
}

/** `firstAnswers`: question id → whether its first answer was right (questions never answered are absent). */
export function sessionScore(questionIds: readonly string[], firstAnswers: ReadonlyMap<string, boolean>): SessionScore {
  let questionsAnswered = 0;
  let correctAnswers = 0;
  const wrongQuestionIds: string[] = [];
  for (const qid of new Set(questionIds)) {
    const right = firstAnswers.get(qid);
    if (right === undefined) continue;
    questionsAnswered += 1;
    if (right) correctAnswers += 1;
    else wrongQuestionIds.push(qid);
  }
  return { questionsAnswered, correctAnswers, wrongQuestionIds, percentage: percentage(correctAnswers, questionsAnswered) };
}
