// One flagged question in the admin queue: how many students flagged it and why, their notes, the question as stored
// (key marked) and, for a PDF-generated question that kept it, the source excerpt and page. Then the three actions.
import type { FlaggedQuestion, FlagResolution } from '@lp/contracts';
import { FLAG_REASONS } from '@lp/contracts/flag-labels';
import { Badge, Button } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useFormat } from '@lp/web-platform/format';
import { useState } from 'react';
import { useFlagAction } from './api.ts';
import { CorrectionForm } from './CorrectionForm.tsx';
import { t as translate, useT } from '../i18n/index.ts';

const DONE: Record<FlagResolution['action'], (n: number) => string> = {
  corrected: (n) => translate('flags.corrected', { count: String(n) }),
  retired: () => translate('flags.retired'),
  dismissed: () => translate('flags.dismissed'),
};

export function FlaggedQuestionCard({ item, onDone }: { item: FlaggedQuestion; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  const action = useFlagAction(item.questionId);
  const run = (a: Parameters<typeof action.mutate>[0]) => action.mutate(a, { onSuccess: (r) => onDone(DONE[r.action](r.notified)) });
  const titleId = `flagged-${item.questionId}`;
  const t = useT();
  const { formatDateTime } = useFormat();

  return (
    <li className="lp-flags__item" aria-labelledby={titleId}>
      <div className="lp-flags__meta">
        <Badge variant="danger">{t('flags.students', { count: String(item.count) })}</Badge>
        {item.hidden && <Badge variant="warning">{t('flags.hidden')}</Badge>}
        {FLAG_REASONS.filter((r) => item.reasons[r]).map((r) => <Badge key={r} variant="muted">{t(`flags.reason.${r}`)}: {item.reasons[r]}</Badge>)}
      </div>
      <h2 id={titleId} className="lp-flags__question">{item.question}</h2>
      {item.options.length > 0 && (
        <ol className="lp-flags__options" type="A">
          {item.options.map((o) => <li key={o} className={o === item.correctAnswer ? 'lp-flags__key' : undefined}>{o}{o === item.correctAnswer && t('flags.key')}</li>)}
        </ol>
      )}
      {item.options.length === 0 && <p>{t('flags.keyLabel')} <strong>{item.correctAnswer}</strong></p>}
      {item.explanation && <p className="lp-flags__explanation">{t('flags.explanation', { text: item.explanation })}</p>}
      {item.source ? (
        <blockquote className="lp-flags__source">{t('flags.source', { page: String(item.source.page), excerpt: item.source.excerpt })}</blockquote>
      ) : (
        <p className="lp-flags__muted">{t('flags.noSource')}</p>
      )}
      <ul aria-label={t('flags.notes')} className="lp-flags__notes">
        {item.flags.map((f, i) => (
          <li key={i}>
            <strong>{t(`flags.reason.${f.reason}`)}</strong>{f.note ? `: ${f.note}` : ''} <span className="lp-flags__muted">{formatDateTime(f.flaggedAt)}</span>
          </li>
        ))}
      </ul>
      {action.isError && <p role="alert">{errorTextOf(action.error, t('flags.actionFailed'))}</p>}
      {editing ? (
        <CorrectionForm item={item} pending={action.isPending} onCancel={() => setEditing(false)} onSave={(body) => run({ kind: 'correct', body })} />
      ) : (
        <div className="lp-flags__actions">
          <Button onClick={() => setEditing(true)} disabled={action.isPending}>{t('flags.correct')}</Button>
          <Button variant="ghost" onClick={() => run({ kind: 'retire' })} disabled={action.isPending}>{t('flags.retire')}</Button>
          <Button variant="ghost" onClick={() => run({ kind: 'dismiss' })} disabled={action.isPending}>{t('flags.dismiss')}</Button>
        </div>
      )}
    </li>
  );
}
