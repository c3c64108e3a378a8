// The feedback form (spec §2, §4, §5): editing → submitting (Submitting..., disabled) → submitted, or back to
// editing with the server's error. Nothing the learner typed is lost on a failure.
import { BILLING_CATEGORIES, FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, type FeedbackCategory } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { Link, toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useRef, useState, type FormEvent } from 'react';
import { submitFeedback, type FeedbackDraft } from './api.ts';
import { checkAttachment, missingFields } from './attachment-check.ts';
import { useT } from '../i18n/index.ts';
import '../billing.css';


const newSubmissionId = () => crypto.randomUUID();

export function FeedbackForm({ onSubmitted }: { onSubmitted: (ticketNumber: string, category: FeedbackCategory) => void }) {
  const [category, setCategory] = useState<FeedbackCategory>('bug');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Kept across failed attempts of the same draft (a lost answer then files nothing twice); new after success.
  const submissionId = useRef(newSubmissionId());
  const fileInput = useRef<HTMLInputElement>(null);
  const billing = BILLING_CATEGORIES.includes(category);
  const t = useT();

  const chooseFile = (file: File | null) => {
    if (!file) { setAttachment(null); setFileError(null); return; }
    const failure = checkAttachment(file);
    if (failure) {
      setAttachment(null);
      setFileError(`${failure.title}, ${failure.description}`);
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
      return;
    }
    setFileError(null);
    setAttachment(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!subject.trim() || !message.trim()) {
      toast({ ...missingFields(), variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    const draft: FeedbackDraft = { category, subject: subject.trim(), message: message.trim(), attachment, submissionId: submissionId.current };
    try {
      const { ticketNumber } = await submitFeedback(draft);
      submissionId.current = newSubmissionId();
      toast({ title: t('feedback.submitted'), description: t('feedback.ticketNumber', { ticket: ticketNumber }) });
      onSubmitted(ticketNumber, category);
    } catch (err) {
      // The server's text when it answered one; a network failure or an empty answer: the spec's generic fallback.
      toast({ title: t('feedback.submitFailedTitle'), description: errorTextOf(err, t('feedback.submitFailed')), variant: 'destructive', error: err });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('feedback.form')} className="lp-feedback__form">
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="feedback-category">{t('feedback.category')}</label>
          <select id="feedback-category" className="lp-feedback__input" value={category} onChange={(e) => setCategory(e.target.value as FeedbackCategory)} disabled={submitting}>
            {FEEDBACK_CATEGORIES.map((c) => <option key={c} value={c}>{t(`feedback.category.${c}`)}</option>)}
          </select>
        </div>

        {billing && (
          <div role="note" aria-label={t('feedback.policyLabel')} className="lp-feedback__policy">
            <p>
              <strong>{t('feedback.policyTitle')}</strong> {t('feedback.policy')}
            </p>
            {category === 'cancel-subscription' && (
              <p>{t('feedback.neverRenews')}</p>
            )}
            <p>
              <strong>{t('feedback.nothingOnSend')}</strong> {t('feedback.nextConfirm')}{' '}
              <Link to="/my-plan">{t('feedback.myPlan')}</Link> {t('feedback.directly')}
            </p>
            <p>{t('feedback.tellReason')}</p>
          </div>
        )}

        <div className="lp-field">
          <label className="lp-field__label" htmlFor="feedback-subject">{t('feedback.subject')}</label>
          <input id="feedback-subject" className="lp-feedback__input" value={subject} maxLength={FEEDBACK_LIMITS.subject} disabled={submitting}
            onChange={(e) => setSubject(e.target.value)} placeholder={t('feedback.subjectPlaceholder')} aria-describedby="feedback-subject-count" />
          <span id="feedback-subject-count" className="lp-feedback__counter">{subject.length}/{FEEDBACK_LIMITS.subject}</span>
        </div>

        <div className="lp-field">
          <label className="lp-field__label" htmlFor="feedback-message">{billing ? t('feedback.reason') : t('feedback.message')}</label>
          <textarea id="feedback-message" className="lp-feedback__input" rows={6} value={message} maxLength={FEEDBACK_LIMITS.message} disabled={submitting}
            onChange={(e) => setMessage(e.target.value)} aria-describedby="feedback-message-count"
            placeholder={billing ? t('feedback.reasonPlaceholder') : t('feedback.messagePlaceholder')} />
          <span id="feedback-message-count" className="lp-feedback__counter">{message.length}/{FEEDBACK_LIMITS.message}</span>
        </div>

        <div className="lp-field">
          <label className="lp-field__label" htmlFor="feedback-attachment">{t('feedback.screenshot')}</label>
          <input id="feedback-attachment" ref={fileInput} type="file" accept="image/png,image/jpeg,.png,.jpg,.jpeg" disabled={submitting}
            onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} />
          <span className="lp-feedback__hint">{t('feedback.fileHint')}</span>
          {attachment && (
            <span data-testid="feedback-attachment-name">
              <span aria-hidden="true" className="lp-feedback__attached-mark">✓ </span>
              {attachment.name}
              <span className="lp-visually-hidden">{t('feedback.attached')}</span>
            </span>
          )}
          {fileError && <span role="alert" className="lp-feedback__file-error">{fileError}</span>}
        </div>

        <Button type="submit" disabled={submitting}>{submitting ? t('feedback.submitting') : t('feedback.submit')}</Button>
      </form>
    </Card>
  );
}
