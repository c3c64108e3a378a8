// The admin's correction of a flagged question: text, options (one per line), the key (one of the options, or the
// answer itself for a short-answer question) and the explanation. svc-content checks it like an upload.
import type { CorrectQuestionBody, FlaggedQuestion } from '@lp/contracts';
import { Button } from '@lp/ui';
import { useId, useState } from 'react';

export function CorrectionForm({ item, pending, onSave, onCancel }: {
  item: FlaggedQuestion; pending: boolean; onSave: (body: CorrectQuestionBody) => void; onCancel: () => void;
}) {
  const id = useId();
  const [question, setQuestion] = useState(item.question);
  const [options, setOptions] = useState(item.options.join('\n'));
  const [key, setKey] = useState(item.correctAnswer);
  const [explanation, setExplanation] = useState(item.explanation);
  const optionList = options.split('\n').map((o) => o.trim()).filter(Boolean);
  const choosable = item.type !== 'short_answer';

  return (
    <form className="lp-flags__form" aria-label="Correct the question" onSubmit={(e) => {
      e.preventDefault();
      onSave({ question: question.trim(), options: choosable ? optionList : [], correctAnswer: key.trim(), explanation: explanation.trim() });
    }}>
      <label htmlFor={`${id}-q`}>Question</label>
      <textarea id={`${id}-q`} value={question} rows={3} onChange={(e) => setQuestion(e.target.value)} required />
      {choosable && (
        <>
          <label htmlFor={`${id}-o`}>Options (one per line)</label>
          <textarea id={`${id}-o`} value={options} rows={Math.max(2, item.options.length)} onChange={(e) => setOptions(e.target.value)} />
          <label htmlFor={`${id}-k`}>Correct answer</label>
          <select id={`${id}-k`} value={optionList.includes(key) ? key : ''} onChange={(e) => setKey(e.target.value)} required>
            <option value="" disabled>Choose the correct option</option>
            {optionList.map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        </>
      )}
      {!choosable && (
        <>
          <label htmlFor={`${id}-k`}>Correct answer</label>
          <input id={`${id}-k`} value={key} onChange={(e) => setKey(e.target.value)} required />
        </>
      )}
      <label htmlFor={`${id}-e`}>Explanation</label>
      <textarea id={`${id}-e`} value={explanation} rows={2} onChange={(e) => setExplanation(e.target.value)} />
      <div className="lp-flags__actions">
        <Button type="submit" disabled={pending}>{pending ? 'Saving…' : 'Save the correction'}</Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>Cancel</Button>
      </div>
    </form>
  );
}
