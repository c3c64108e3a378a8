/**
 * On the results of a saved quiz (issue 31 §9): when the chapter is next revised, from the progress the completion
 * just updated (the same query the dashboard polls, so both agree).
 */
import { useProgressBatch } from '../../api/index.ts';
import { NextRevision } from './NextRevision.tsx';

export function ResultsNextRevision({ chapterId }: { chapterId: string }) {
  const progress = useProgressBatch([chapterId]).data?.[chapterId];
  return progress ? <NextRevision progress={progress} /> : null;
}
