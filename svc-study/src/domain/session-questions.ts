// A session's question set and positions (spec §4 "Session"): the server fixes the questions a session holds
// when it starts, so a session of N questions can never count more than N answers, and a saved position is
// always one of its questions.

/** The questions a new session holds: the first `questionsCount` of what its mode offers, in that order. */
export function sessionQuestionIds(available: readonly string[], questionsCount: number): string[] {
  return [...new Set(available)].slice(0, Math.max(0, questionsCount));
}

/** Whether a runner position (0-based question index) lies within a session of `questionsCount` questions. */
export function isQuestionIndexInSession(index: number, questionsCount: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < Math.max(1, questionsCount);
}

/**
 * Whether a question is one of a session's own: among the first `questionsCount` of its set (sessions stored before
 * the set was cut to the count hold more questions than they show).
 */
export function isSessionQuestion(session: { questionIds: readonly string[]; questionsCount: number }, questionId: string): boolean {
  const at = session.questionIds.indexOf(questionId);
  return at >= 0 && at < session.questionsCount;
}
