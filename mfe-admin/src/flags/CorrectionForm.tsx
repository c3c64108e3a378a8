// The admin's correction of a flagged question: text, options (one per line), the key (one of the options, or the
// answer itself for a short-answer question) and the explanation. svc-content checks it like an upload.
import type { CorrectQuestionBody, FlaggedQuestion } from '@lp/contracts';
import { Button } from '@lp/ui';
import { useId, useState } from 'react';
import { useT } from '../i18n/index.ts';

export function CorrectionForm({ item, pending, onSave, onCancel }: {
  item: FlaggedQuestion; pending: boolean; onSave: (body: CorrectQuestionBody) => void; onCancel: () => void;
}) {
  const id = useId();
  const t = useT();
  const [question, setQuestion] = useState(item.question);
  const [options, setOptions] = useState(item.options.join('\n'));
  const [key, setKey] = useState(item.correctAnswer);
  const [explanation, setExplanation] = useState(item.explanation);
  const optionList = options.split('\n').map((o) => o.trim()).filter(Boolean);
  const choosable = item.type !== 'short_answer';

  return (
    <form className="lp-flags__form" aria-label={t('flags.form')} onSubmit={(e) => {
      e.preventDefault();
      onSave({ question: question.trim(), options: choosable ? optionList : [], correctAnswer: key.trim(), explanation: explanation.trim() });
    }}>
      <label htmlFor={`${id}-q`}>{t('flags.question')}</label>
      <textarea id={`${id}-q`} value={question} rows={3} onChange={(e) => setQuestion(e.target.value)} required />
      {choosable && (
        <>
          <label htmlFor={`${id}-o`}>{t('flags.options')}</label>
          <textarea id={`${id}-o`} value={options} rows={Math.max(2, item.options.length)} onChange={(e) => setOptions(e.target.value)} />
          <label htmlFor={`${id}-k`}>{t('flags.correctAnswer')}</label>
          <select id={`${id}-k`} value={optionList.includes(key) ? key : ''} onChange={(e) => setKey(e.target.value)} required>
            <option value="" disabled>{t('flags.chooseOption')}</option>
            {optionList.map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        </>
      )}
      {!choosable && (
        <>
          <label htmlFor={`${id}-k`}>{t('flags.correctAnswer')}</label>
          <input id={`${id}-k`} value={key} onChange={(e) => setKey(e.target.value)} required />
        </>
      )}
      <label htmlFor={`${id}-e`}>{t('flags.explanationLabel')}</label>
      <textarea id={`${id}-e`} value={explanation} rows={2} onChange={(e) => setExplanation(e.target.value)} />
      <div className="lp-flags__actions">
        <Button type="submit" disabled={pending}>{pending ? t('flags.saving') : t('flags.save')}</Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
