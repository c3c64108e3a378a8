// Continuing an unfinished quiz (issue 31 §6): a learner who leaves a quiz without pausing (a header link, a closed
// tab) gets it back where they were. Where that is comes from the answers the server recorded, never from the
// client's word on which questions were answered.

/**
 * The question a resumed quiz continues at (0-based): the one after the last question with a recorded first answer,
 * or the position saved by a pause when that is further on (the learner skipped questions before pausing); the first
 * question when nothing is recorded. Always a question of the quiz (the last one when every question is answered).
 */
export function resumeQuestionIndex(
  questionIds: readonly string[],
  questionsCount: number,
  answered: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  savedIndex = 0,
): number {
  let afterLastAnswered = 0;
  questionIds.slice(0, questionsCount).forEach((qid, i) => {
    if (answered.has(qid)) afterLastAnswered = i + 1;
  });
  const last = Math.max(0, questionsCount - 1);
  return Math.min(Math.max(afterLastAnswered, savedIndex, 0), last);
}

/**
 * Which of the learner's open (started, not completed, not deleted) sessions the dashboard offers to continue: the
 * paused one while it is open, else the most recently started (on a tie, the later id: ids are ObjectIds, which grow
 * with time). Null when none is open.
 */
export function sessionToContinue(open: Readonly<Record<string, { startedAt: Date | string }>>, pausedSessionId: string | null): string | null {
  if (pausedSessionId && open[pausedSessionId]) return pausedSessionId;
  let latest: { id: string; at: number } | null = null;
  for (const [id, state] of Object.entries(open)) {
    const at = new Date(state.startedAt).getTime();
    if (!latest || at > latest.at || (at === latest.at && id > latest.id)) latest = { id, at };
  }
  return latest?.id ?? null;
}
