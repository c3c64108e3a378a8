/** Study data (spec §7 Sessions, Mistakes, Progress, subscription status; svc-study) as query hooks. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChapterProgress, ProgressBatch, QuizSession } from '@lp/contracts';
import {
  ClearChapterMistakes,
  DeleteSession,
  GetChapterHistory,
  GetChapterProgress,
  GetMistakeTotal,
  GetMistakesByChapter,
  GetPausedSessions,
  GetProgressBatch,
  GetSessionIncorrectQuestions,
  GetSessionStats,
  GetSubscriptionStatus,
} from '@lp/contracts/urls';
import { ApiError, isUnauthorized } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { usePushedPolling } from '@lp/web-platform/query';
import { learnKeys } from './keys.ts';
import { useCurrentUser } from './session.ts';

/** Spec §9: progress is polled every 5 s, now only while this tab has no push stream (issue 25 §3). */
export const PROGRESS_POLL_MS = 5000;
/** Spec §8: when the batch call fails, each chapter is asked on its own, retried twice. */
export const PROGRESS_FALLBACK_RETRIES = 2;
export const PROGRESS_FALLBACK_RETRY_DELAY_MS = 500;
/** Spec §7: subscription status is cached for 5 minutes. */
export const SUBSCRIPTION_STATUS_STALE_MS = 5 * 60 * 1000;

export interface ProgressCalls {
  batch(chapterIds: string[]): Promise<ProgressBatch>;
  one(chapterId: string): Promise<ChapterProgress | null>;
  wait(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const progressCalls: ProgressCalls = {
  batch: (chapterIds) => sendRoute(GetProgressBatch, undefined, { chapterIds }),
  one: (chapterId) => getRoute(GetChapterProgress, undefined, { chapterId }),
  wait: sleep,
};

const isAuthFailure = (error: unknown) => isUnauthorized(error) || (error instanceof ApiError && error.status === 403);

async function withRetries<T>(call: () => Promise<T>, retries: number, wait: (ms: number) => Promise<void>, delayMs: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= retries || isAuthFailure(error)) throw error;
      await wait(delayMs);
    }
  }
}

/**
 * Progress keyed by chapter id. One batch call; if it fails (other than for being signed out or not
 * entitled, which a per-chapter call would repeat), one call per chapter, each retried twice. A chapter
 * whose calls all fail is left out rather than failing the whole card grid.
 */
export async function fetchProgress(chapterIds: string[], calls: ProgressCalls = progressCalls): Promise<ProgressBatch> {
  if (chapterIds.length === 0) return {};
  try {
    return await calls.batch(chapterIds);
  } catch (error) {
    if (isAuthFailure(error)) throw error;
  }
  const results = await Promise.allSettled(
    chapterIds.map((id) => withRetries(() => calls.one(id), PROGRESS_FALLBACK_RETRIES, calls.wait, PROGRESS_FALLBACK_RETRY_DELAY_MS)),
  );
  if (results.every((r) => r.status === 'rejected')) {
    throw (results[0] as PromiseRejectedResult).reason;
  }
  const progress: ProgressBatch = {};
  results.forEach((result, i) => {
    if (result.status === 'fulfilled' && result.value) progress[chapterIds[i]!] = result.value;
  });
  return progress;
}

/**
 * A progress batch with the pushed chapters put in: only the chapters the batch asked for (`chapterIds`), each
 * replaced whole by the pushed figures, which are what the progress call would now answer.
 */
export function withPushedProgress(batch: ProgressBatch | undefined, chapterIds: readonly string[], chapters: readonly ChapterProgress[]): ProgressBatch | undefined {
  if (!batch) return batch;
  const asked = new Set(chapterIds);
  let next: ProgressBatch | undefined;
  for (const chapter of chapters) {
    if (!asked.has(chapter.chapterId)) continue;
    next ??= { ...batch };
    next[chapter.chapterId] = chapter;
  }
  return next ?? batch;
}

/** Puts pushed progress into every cached progress batch that shows one of its chapters. */
export function applyPushedProgress(client: QueryClient, chapters: readonly ChapterProgress[]) {
  for (const [key, batch] of client.getQueriesData<ProgressBatch>({ queryKey: learnKeys.progressAll })) {
    const ids = (key[1] ?? []) as readonly string[];
    const next = withPushedProgress(batch, ids, chapters);
    if (next !== batch) client.setQueryData(key, next);
  }
}

/** Progress of the given chapters (signed-in learners): pushed while the tab's stream is live, else polled every 5 s. */
export function useProgressBatch(chapterIds: readonly string[], options: { enabled?: boolean } = {}) {
  const { signedIn } = useCurrentUser();
  const ids = [...new Set(chapterIds)].sort();
  const enabled = signedIn && ids.length > 0 && (options.enabled ?? true);
  const refetchInterval = usePushedPolling({
    queryKey: learnKeys.progressAll, type: 'progress', pollMs: PROGRESS_POLL_MS, enabled,
    onMessage: (message, client) => applyPushedProgress(client, message.chapters),
  });
  return useQuery({
    queryKey: learnKeys.progressBatch(ids),
    queryFn: () => fetchProgress(ids),
    enabled,
    refetchInterval,
  });
}

/** The last full chapter quiz and the last 5 quizzes of a chapter (the history dialog). */
export function useChapterHistory(chapterId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: learnKeys.chapterHistory(chapterId),
    queryFn: ({ signal }) => getRoute(GetChapterHistory, undefined, { chapterId }, signal),
    enabled: options.enabled ?? true,
    // The dialog shows what is true now, each time it opens.
    staleTime: 0,
  });
}

/** The learner's paused session, or null (signed in only). */
export function usePausedSession() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.pausedSession,
    queryFn: async ({ signal }): Promise<QuizSession | null> => (await getRoute(GetPausedSessions, undefined, undefined, signal))[0] ?? null,
    enabled: signedIn,
  });
}

/** Streak and total questions answered (signed in only). */
export function useSessionStats() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.sessionStats,
    queryFn: ({ signal }) => getRoute(GetSessionStats, undefined, undefined, signal),
    enabled: signedIn,
  });
}

/** What the learner may take (signed in only); cached 5 minutes, invalidated after a payment. */
export function useSubscriptionStatus() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.subscriptionStatus,
    queryFn: ({ signal }) => getRoute(GetSubscriptionStatus, undefined, undefined, signal),
    enabled: signedIn,
    staleTime: SUBSCRIPTION_STATUS_STALE_MS,
  });
}

/** Open mistakes per chapter of a subject, keyed by chapter id (signed in only). */
export function useMistakesByChapter(subjectId: string | null | undefined) {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.mistakesByChapter(subjectId ?? ''),
    queryFn: ({ signal }) => getRoute(GetMistakesByChapter, undefined, { subjectId: subjectId! }, signal),
    enabled: signedIn && Boolean(subjectId),
  });
}

/** The learner's total open mistakes (signed in only). */
export function useMistakeTotal() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.mistakeTotal,
    queryFn: ({ signal }) => getRoute(GetMistakeTotal, undefined, undefined, signal),
    enabled: signedIn,
  });
}

/** Deletes a session (retake); the paused session is refetched afterwards. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => sendRoute(DeleteSession, { id: sessionId }),
    // Not awaited: the refetch unmounts the Retake button (its card no longer shows the paused quiz), and a caller's
    // own onSuccess (Retake's navigation) must run first.
    onSuccess: () => {
      for (const queryKey of [learnKeys.pausedSession, learnKeys.quizToContinue]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Clears the learner's mistakes of one chapter; every mistake count shown (chapter, subject, total) is refetched. */
export function useClearChapterMistakes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string) => sendRoute(ClearChapterMistakes, { chapterId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnKeys.mistakesAll }),
  });
}

/** The questions a session's learner answered wrongly (no answer keys), fetched when `enabled`. */
export function useSessionIncorrectQuestions(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: learnKeys.sessionIncorrect(sessionId),
    queryFn: ({ signal }) => getRoute(GetSessionIncorrectQuestions, { id: sessionId }, undefined, signal),
    enabled: options.enabled ?? true,
  });
}
