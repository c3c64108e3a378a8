/**
 * The dashboard's revision card (issue 31 §9): "Due today (n)" with a link to each due chapter's card, else when
 * the next revision comes, and the legend for the stars on the cards.
 */
import type { ProgressBatch, SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { chapterAnchor } from '../dashboard/ChapterCard.tsx';
import { STAR_LEGEND, dueChapters, soonestRevision } from './revision-schedule.ts';
import './revision.css';

export function RevisionPanel({ subjects, progress }: { subjects: readonly SubjectWithChapters[]; progress: ProgressBatch | undefined }) {
  const due = dueChapters(subjects, progress);
  const next = due.length === 0 ? soonestRevision(subjects, progress) : null;
  return (
    <section className="lp-revision-panel" aria-labelledby="revision-panel-title">
      <h2 id="revision-panel-title" className="lp-revision-panel__title">
        {/* No count until the progress is known: "(0)" meanwhile would say nothing is due. */}
        {progress ? `Due today (${due.length})` : 'Due today'}
      </h2>
      {due.length > 0 ? (
        <ul className="lp-revision-panel__due" aria-label="Chapters due for revision">
          {due.map((c) => (
            <li key={c.id}>
              {/* The chapter's card holds its quiz buttons (and knows about a paused quiz). */}
              <a href={`#${chapterAnchor(c.id)}`}>{c.name}</a>
            </li>
          ))}
        </ul>
      ) : (
        progress && (
          <p className="lp-muted">
            {next
              ? `Nothing due today. Next revision: ${formatDate(next.at)} (${next.chapter.name}).`
              : 'Nothing due today. Finish a full chapter quiz and its revisions are scheduled here.'}
          </p>
        )
      )}
      <p className="lp-revision-panel__legend">
        <span className="lp-visually-hidden">Stars on the chapter cards: </span>
        {STAR_LEGEND}
      </p>
    </section>
  );
}
