import { useQuizLabels } from './labels.ts';

/** How far through the quiz: a bar (role progressbar) under "Question n of N", named in the student's language. */
export function QuizProgress({ done, total }: { done: number; total: number }) {
  const labels = useQuizLabels();
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  return (
    <div className="lp-quiz__progress" role="progressbar" aria-label={labels.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      {/* Inline: the width is the learner's progress, computed per question. */}
      <span className="lp-quiz__progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
