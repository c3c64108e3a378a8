/**
 * "Report a problem with this question" (issue 32 §4): after answering, a signed-in student says the key is wrong,
 * the question is unclear or has a typo, with an optional note. One flag per student per question on the server;
 * sending again replaces the reason and note. Visitors (sample quizzes) see nothing.
 */
import { useId, useState } from 'react';
import { Button } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { FLAG_LIMITS, FLAG_REASONS, type FlagReason } from '@lp/contracts/flag-labels';
import { useT } from '../../i18n/quiz/index.ts';
import { useCurrentUser } from '../../api/session.ts';
import { useFlagQuestion } from '../../api/flags.ts';
import './flag-question.css';

export function FlagQuestion({ questionId }: { questionId: string }) {
  const { signedIn } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const flag = useFlagQuestion(questionId);
  const id = useId();
  const t = useT();
  if (!signedIn) return null;

  if (!open) {
    return (
      <div className="lp-flag">
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          {flag.isSuccess ? t('flag.change') : t('flag.open')}
        </Button>
        {flag.isSuccess && <p className="lp-flag__done" role="status">{t('flag.thanks')}</p>}
      </div>
    );
  }

  return (
    <fieldset className="lp-flag lp-flag--open">
      <legend>{t('flag.legend')}</legend>
      {FLAG_REASONS.map((r) => (
        <label key={r} className="lp-flag__reason">
          <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
          {t(`flag.${r}`)}
        </label>
      ))}
      <label className="lp-flag__note" htmlFor={`${id}-note`}>{t('flag.note')}</label>
      <input
        id={`${id}-note`}
        type="text"
        value={note}
        maxLength={FLAG_LIMITS.note}
        placeholder={t('flag.placeholder')}
        onChange={(e) => setNote(e.target.value)}
        // The quiz's form takes Enter as "next question": here it must not leave the question.
        onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }}
      />
      {flag.isError && <p className="lp-flag__error" role="alert">{errorTextOf(flag.error, t('flag.failed'))}</p>}
      <div className="lp-flag__actions">
        <Button
          size="sm"
          disabled={!reason || flag.isPending}
          onClick={() => reason && flag.mutate({ reason, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: () => setOpen(false) })}
        >
          {flag.isPending ? t('flag.sending') : t('flag.send')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>{t('flag.cancel')}</Button>
      </div>
    </fieldset>
  );
}
