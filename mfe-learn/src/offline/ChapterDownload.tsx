/**
 * "Download for offline" on a chapter card (issue 33 §2): keeps the chapter's questions on this device for the
 * signed-in learner, then says "Available offline · 40 questions" and offers "Remove download".
 */
import { useState } from 'react';
import { Button } from '@lp/ui';
import { toast, useSession } from '@lp/web-platform';
import { useT } from '../i18n/dashboard/index.ts';
import { canDownload, downloadChapter, removeChapterDownload } from './chapter-download.ts';
import { useSetDownloaded } from './downloaded-chapters.ts';

/**
 * `questionCount`: the download's, when this chapter is downloaded on this device. The dashboard reads every card's
 * at once (`useDownloadedChapters`), so a card neither looks at the cache nor follows the session itself.
 */
export function ChapterDownload({ chapterId, chapterName, questionCount }: { chapterId: string; chapterName: string; questionCount: number | undefined }) {
  const [busy, setBusy] = useState(false);
  const setDownloaded = useSetDownloaded();
  const t = useT();

  if (!canDownload()) return null;

  const run = async (work: (userId: string) => Promise<number | null>, failure: string) => {
    // Read when tapped: the card is drawn for a signed-in learner only, and never needs to render for the session.
    const userId = useSession.getState().user?.id;
    if (!userId) return;
    setBusy(true);
    try {
      setDownloaded(userId, chapterId, await work(userId));
    } catch (error) {
      toast({ variant: 'destructive', title: failure, error });
    } finally {
      setBusy(false);
    }
  };

  if (questionCount !== undefined) {
    return (
      <p className="lp-chapter__offline">
        <span>{t('offline.available', { count: String(questionCount) })}</span>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={t('offline.removeLabel', { name: chapterName })}
          onClick={() => void run((userId) => removeChapterDownload(userId, chapterId).then(() => null), t('offline.removeFailed'))}
        >
          {t('offline.remove')}
        </Button>
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={t('offline.downloadLabel', { name: chapterName })}
      onClick={() => void run((userId) => downloadChapter(userId, chapterId).then((saved) => saved.questionCount), t('offline.downloadFailed'))}
    >
      {busy ? t('offline.downloading') : t('offline.download')}
    </Button>
  );
}
