/**
 * Which chapters this learner downloaded on this device (issue 33 §2), read once per dashboard for all its chapter
 * cards and only when the browser is idle: the cards' download state is below their first paint's concerns, and
 * each card reading it in its own effect had cost a phone's main thread right after the cards appeared (issue 32 §3).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { whenIdle } from '@lp/web-platform/next-task';
import { canDownload, downloadedQuestionCounts } from './chapter-download.ts';

/** Not an `/api/` key: the platform's default query function must never fetch it, nor an API invalidation touch it. */
const downloadsKey = (userId: string) => ['offline', 'chapter-downloads', userId] as const;

const NO_DOWNLOADS: ReadonlyMap<string, number> = new Map();

/** Question count per downloaded chapter id (empty until read, for a visitor, or where the browser cannot keep downloads). */
export function useDownloadedChapters(userId: string | null): ReadonlyMap<string, number> {
  const { data } = useQuery({
    queryKey: downloadsKey(userId ?? ''),
    queryFn: () => whenIdle().then(() => downloadedQuestionCounts(userId!)),
    enabled: userId !== null && canDownload(),
    // Read once while the dashboard shows it (its subject sections mount one after another and share the answer),
    // and again on the next visit, since another tab may have downloaded meanwhile: forgotten once nothing shows it.
    staleTime: Infinity,
    gcTime: 0,
  });
  return data ?? NO_DOWNLOADS;
}

/** After a download or its removal on this page: the cards show it at once, with no second look at the cache. */
export function useSetDownloaded() {
  const queryClient = useQueryClient();
  return (userId: string, chapterId: string, questionCount: number | null) =>
    queryClient.setQueryData<ReadonlyMap<string, number>>(downloadsKey(userId), (known) => {
      const next = new Map(known);
      if (questionCount === null) next.delete(chapterId);
      else next.set(chapterId, questionCount);
      return next;
    });
}
