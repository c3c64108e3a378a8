/**
 * learn's typed server calls, shared by every learn page (dashboard, topic, quiz runner, downloads).
 * Each hook wraps one contract route from @lp/contracts.
 */
export { learnKeys } from './keys.ts';
export { useCurrentUser, type CurrentSession } from './session.ts';
export { useSubjects, useChapter, useChapterTopics, useTopic, useDownloads, downloadUrl } from './content.ts';
export {
  useProgressBatch,
  fetchProgress,
  progressCalls,
  useChapterHistory,
  usePausedSession,
  useSessionStats,
  useSubscriptionStatus,
  useMistakesByChapter,
  useMistakeTotal,
  useDeleteSession,
  useClearChapterMistakes,
  useSessionIncorrectQuestions,
  PROGRESS_POLL_MS,
  PROGRESS_FALLBACK_RETRIES,
  SUBSCRIPTION_STATUS_STALE_MS,
  type ProgressCalls,
} from './study.ts';
export { useSaveClass, useSaveSubject, CLASS_SAVE_FAILED, SUBJECT_SAVE_FAILED } from './user.ts';
export { quizLinks } from './quiz-links.ts';
export { useQuizToContinue } from './continue.ts';
export { useMyChallenges, CHALLENGES_POLL_MS } from './challenge.ts';
