/** A chapter card's "Recall today" line (issue 32 §2): nothing until a question of the chapter is answered. */
import { percent, useRecall } from '../../api/recall.ts';
import './revision.css';

export function ChapterRecall({ chapterId }: { chapterId: string }) {
  const chapter = useRecall().data?.chapters.find((c) => c.chapterId === chapterId);
  if (!chapter || chapter.recallToday === null) return null;
  return (
    <p className="lp-recall">
      Recall today: <strong>{percent(chapter.recallToday)}</strong> of {chapter.reviewed} reviewed
      {chapter.unseen > 0 && ` · ${chapter.unseen} not seen yet`}
    </p>
  );
}
