// One flagged question in the admin queue: how many students flagged it and why, their notes, the question as stored
// (key marked) and, for a PDF-generated question that kept it, the source excerpt and page. Then the three actions.
import type { FlaggedQuestion, FlagResolution } from '@lp/contracts';
import { FLAG_REASON_LABELS, FLAG_REASONS } from '@lp/contracts/flag-labels';
import { Badge, Button } from '@lp/ui';
import { errorMessageOf } from '@lp/web-platform';
import { formatDateTime } from '@lp/web-platform/format';
import { useState } from 'react';
import { useFlagAction } from './api.ts';
import { CorrectionForm } from './CorrectionForm.tsx';

const DONE: Record<FlagResolution['action'], (n: number) => string> = {
  corrected: (n) => `Corrected. ${n} student${n === 1 ? '' : 's'} will be told they were right.`,
  retired: () => 'Retired: the question is out of new quizzes.',
  dismissed: () => 'Flags dismissed: the question is back in new quizzes.',
};

export function FlaggedQuestionCard({ item, onDone }: { item: FlaggedQuestion; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  const action = useFlagAction(item.questionId);
  const run = (a: Parameters<typeof action.mutate>[0]) => action.mutate(a, { onSuccess: (r) => onDone(DONE[r.action](r.notified)) });
  const titleId = `flagged-${item.questionId}`;

  return (
    <li className="lp-flags__item" aria-labelledby={titleId}>
      <div className="lp-flags__meta">
        <Badge variant="danger">{item.count} student{item.count === 1 ? '' : 's'}</Badge>
        {item.hidden && <Badge variant="warning">Hidden from new quizzes</Badge>}
        {FLAG_REASONS.filter((r) => item.reasons[r]).map((r) => <Badge key={r} variant="muted">{FLAG_REASON_LABELS[r]}: {item.reasons[r]}</Badge>)}
      </div>
      <h2 id={titleId} className="lp-flags__question">{item.question}</h2>
      {item.options.length > 0 && (
        <ol className="lp-flags__options" type="A">
          {item.options.map((o) => <li key={o} className={o === item.correctAnswer ? 'lp-flags__key' : undefined}>{o}{o === item.correctAnswer && ' (key)'}</li>)}
        </ol>
      )}
      {item.options.length === 0 && <p>Key: <strong>{item.correctAnswer}</strong></p>}
      {item.explanation && <p className="lp-flags__explanation">Explanation: {item.explanation}</p>}
      {item.source ? (
        <blockquote className="lp-flags__source">From page {item.source.page}: “{item.source.excerpt}”</blockquote>
      ) : (
        <p className="lp-flags__muted">No PDF source is stored for this question.</p>
      )}
      <ul aria-label="Students' notes" className="lp-flags__notes">
        {item.flags.map((f, i) => (
          <li key={i}>
            <strong>{FLAG_REASON_LABELS[f.reason]}</strong>{f.note ? `: ${f.note}` : ''} <span className="lp-flags__muted">{formatDateTime(f.flaggedAt)}</span>
          </li>
        ))}
      </ul>
      {action.isError && <p role="alert">{errorMessageOf(action.error, 'That did not work. Please try again.')}</p>}
      {editing ? (
        <CorrectionForm item={item} pending={action.isPending} onCancel={() => setEditing(false)} onSave={(body) => run({ kind: 'correct', body })} />
      ) : (
        <div className="lp-flags__actions">
          <Button onClick={() => setEditing(true)} disabled={action.isPending}>Correct</Button>
          <Button variant="ghost" onClick={() => run({ kind: 'retire' })} disabled={action.isPending}>Retire</Button>
          <Button variant="ghost" onClick={() => run({ kind: 'dismiss' })} disabled={action.isPending}>Dismiss flags</Button>
        </div>
      )}
    </li>
  );
}
