/** A chapter card's "Recall today" line (issue 32 §2): nothing until a question of the chapter is answered. */
import { percent, useRecall } from '../../api/recall.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import './revision.css';

export function ChapterRecall({ chapterId }: { chapterId: string }) {
  const chapter = useRecall().data?.chapters.find((c) => c.chapterId === chapterId);
  const t = useT();
  if (!chapter || chapter.recallToday === null) return null;
  return (
    <p className="lp-recall">
      {t('dashboard.recallToday')} <strong>{percent(chapter.recallToday)}</strong> {t('dashboard.recallOf', { reviewed: String(chapter.reviewed) })}
      {chapter.unseen > 0 && t('dashboard.recallUnseen', { count: String(chapter.unseen) })}
    </p>
  );
}
