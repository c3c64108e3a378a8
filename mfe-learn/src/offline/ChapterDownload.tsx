/**
 * "Download for offline" on a chapter card (issue 33 §2): keeps the chapter's questions on this device for the
 * signed-in learner, then says "Available offline · 40 questions" and offers "Remove download".
 */
import { useEffect, useState } from 'react';
import { Button } from '@lp/ui';
import { toast, useSession } from '@lp/web-platform';
import { canDownload, chapterDownload, downloadChapter, removeChapterDownload, type ChapterDownload as Saved } from './chapter-download.ts';

export function ChapterDownload({ chapterId, chapterName }: { chapterId: string; chapterName: string }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [busy, setBusy] = useState(false);

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
        <span>Available offline · {saved.questionCount} {saved.questionCount === 1 ? 'question' : 'questions'}</span>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={`Remove download: ${chapterName}`}
          onClick={() => void run(() => removeChapterDownload(userId, chapterId).then(() => null), 'Could not remove the download')}
        >
          Remove download
        </Button>
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={`Download for offline: ${chapterName}`}
      onClick={() => void run(() => downloadChapter(userId, chapterId), 'Could not download the chapter')}
    >
      {busy ? 'Downloading…' : 'Download for offline'}
    </Button>
  );
}
