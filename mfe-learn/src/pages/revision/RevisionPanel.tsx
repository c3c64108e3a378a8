/**
 * The dashboard's revision card (issue 31 §9): "Due today (n)" with a link to each due chapter's card, else when
 * the next revision comes, and the legend for the stars on the cards.
 */
import type { ProgressBatch, SubjectWithChapters } from '@lp/contracts';
import { useFormat } from '@lp/web-platform/format';
import { useT } from '../../i18n/dashboard/index.ts';
import { chapterAnchor } from '../dashboard/ChapterCard.tsx';
import { dueChapters, soonestRevision } from './revision-schedule.ts';
import { CatalogueName, useNameIn } from '../../i18n/names.ts';
import './revision.css';

export function RevisionPanel({ subjects, progress }: { subjects: readonly SubjectWithChapters[]; progress: ProgressBatch | undefined }) {
  const due = dueChapters(subjects, progress);
  const next = due.length === 0 ? soonestRevision(subjects, progress) : null;
  const t = useT();
  const nameOf = useNameIn();
  const { formatDate } = useFormat();
  return (
    <section className="lp-revision-panel" aria-labelledby="revision-panel-title">
      <h2 id="revision-panel-title" className="lp-revision-panel__title">
        {/* No count until the progress is known: "(0)" meanwhile would say nothing is due. */}
        {progress ? t('dashboard.dueTodayCount', { count: due.length }) : t('dashboard.dueToday')}
      </h2>
      {due.length > 0 ? (
        <ul className="lp-revision-panel__due" aria-label={t('dashboard.dueList')}>
          {due.map((c) => (
            <li key={c.id}>
              {/* The chapter's card holds its quiz buttons (and knows about a paused quiz). */}
              <a href={`#${chapterAnchor(c.id)}`}>
                <CatalogueName item={c} />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        progress && (
          <p className="lp-muted">
            {next
              ? t('dashboard.nothingDueNext', { date: formatDate(next.at), name: nameOf(next.chapter) })
              : t('dashboard.nothingDue')}
          </p>
        )
      )}
      <p className="lp-revision-panel__legend">
        <span className="lp-visually-hidden">{t('dashboard.starsOn')}</span>
        {t('dashboard.starLegend')}
      </p>
    </section>
  );
}
