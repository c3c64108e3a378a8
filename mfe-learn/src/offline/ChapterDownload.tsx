/**
 * "Download for offline" on a chapter card (issue 33 §2): keeps the chapter's questions on this device for the
 * signed-in learner, then says "Available offline · 40 questions" and offers "Remove download".
 */
import { useEffect, useState } from 'react';
import { Button } from '@lp/ui';
import { toast, useSession } from '@lp/web-platform';
import { useT } from '../i18n/dashboard/index.ts';
import { canDownload, chapterDownload, downloadChapter, removeChapterDownload, type ChapterDownload as Saved } from './chapter-download.ts';

export function ChapterDownload({ chapterId, chapterName }: { chapterId: string; chapterName: string }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  useEffect(() => {
    if (!userId) return;
    let live = true;
    chapterDownload(userId, chapterId).then((found) => live && setSaved(found), () => {});
    return () => {
      live = false;
    };
  }, [userId, chapterId]);

  if (!userId || !canDownload()) return null;

  const run = async (work: () => Promise<Saved | null>, failure: string) => {
    setBusy(true);
    try {
      setSaved(await work());
    } catch (error) {
      toast({ variant: 'destructive', title: failure, error });
    } finally {
      setBusy(false);
    }
  };

  if (saved) {
    return (
      <p className="lp-chapter__offline">
        <span>{t('offline.available', { count: String(saved.questionCount) })}</span>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={t('offline.removeLabel', { name: chapterName })}
          onClick={() => void run(() => removeChapterDownload(userId, chapterId).then(() => null), t('offline.removeFailed'))}
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
      onClick={() => void run(() => downloadChapter(userId, chapterId), t('offline.downloadFailed'))}
    >
      {busy ? t('offline.downloading') : t('offline.download')}
    </Button>
  );
}
