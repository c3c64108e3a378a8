/**
 * A chapter card's "Recall today" line (issue 32 §2): nothing until a question of the chapter is answered. The card's
 * subject section reads the forecast once and hands each card its chapter (one query observer per subject, not per
 * card: a dashboard has dozens of cards, and each observer costs main-thread time when the forecast arrives).
 */
import type { RecallForecast } from '@lp/contracts';
import { percent } from '../../api/recall.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import './revision.css';

export type ChapterRecallForecast = RecallForecast['chapters'][number];

export function ChapterRecall({ chapter }: { chapter: ChapterRecallForecast | undefined }) {
  const t = useT();
  if (!chapter || chapter.recallToday === null) return null;
  return (
    <p className="lp-recall">
      {t('dashboard.recallToday')} <strong>{percent(chapter.recallToday)}</strong> {t('dashboard.recallOf', { reviewed: String(chapter.reviewed) })}
      {chapter.unseen > 0 && t('dashboard.recallUnseen', { count: String(chapter.unseen) })}
    </p>
  );
}
