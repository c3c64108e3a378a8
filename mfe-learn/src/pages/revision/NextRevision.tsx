/** A chapter's next revision date in words (issue 31 §9): on its chapter card and on the quiz results. */
import type { ChapterProgress } from '@lp/contracts';
import { nextRevisionText, revisionsDoneText } from './revision-schedule.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import './revision.css';

export function NextRevision({ progress, withCount = false }: { progress: ChapterProgress; withCount?: boolean }) {
  useT(); // the texts below are in the page's language: render again when it changes
  const text = nextRevisionText(progress);
  if (!text) return null;
  return (
    <p className="lp-next-revision">
      {/* The stars beside it already say the count to a screen reader. */}
      {withCount && <span aria-hidden="true">{revisionsDoneText(progress)} · </span>}
      <strong>{text}</strong>
    </p>
  );
}
