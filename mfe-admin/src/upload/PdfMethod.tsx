// PDF to MCQ (spec §2, §4): generate → progress → review dialog (edit or drop each question, with its page and source
// excerpt) → Convert Format (the server normalises the reviewed questions) → preview → publish.
import {
  AI_MODELS, GENERATION_DIFFICULTIES, PDF_DEFAULTS, PDF_LIMITS, QUESTION_COUNTS, type PdfJob, type ReviewedQuestion, type UploadTree,
} from '@lp/contracts';
import { Badge, Button, Card, Dialog, DialogClose, DialogContent } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { pdfJob, processRawJson, startPdfJob } from './api.ts';
import { catalogueNames, ChapterFields, chapterComplete, EMPTY_CHAPTER, type ChapterFieldValues } from './ChapterFields.tsx';
import { useCatalogue } from './catalogue.ts';
import '../admin.css';
import { useT } from '../i18n/index.ts';

const POLL_MS = 1000;

/** `processRef`: Generate Questions, where the focus returns when the preview (opened by code) closes. */
export function PdfMethod({ onPreview, processRef }: { onPreview(tree: UploadTree): void; processRef: RefObject<HTMLButtonElement | null> }) {
  const access = useAdminAccess();
  const [chapter, setChapter] = useState<ChapterFieldValues>(EMPTY_CHAPTER);
  const catalogue = useCatalogue(chapter.className);
  const [numberOfQuestions, setCount] = useState<string>(PDF_DEFAULTS.numberOfQuestions);
  const [difficulty, setDifficulty] = useState<string>(PDF_DEFAULTS.difficulty);
  const [aiModel, setModel] = useState<string>(PDF_DEFAULTS.aiModel);
  const [alsoHindi, setAlsoHindi] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<PdfJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<ReviewedQuestion[] | null>(null);
  // Closing the review (Cancel, Escape) only hides it: the edits stay until converted or a new generation replaces them.
  const [reviewOpen, setReviewOpen] = useState(false);
  const cancelled = useRef(false);
  // Closing the review keeps it for later: the focus goes to Continue review, the button that reopens it.
  const continueButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => () => { cancelled.current = true; }, []);

  function fail(error: unknown) {
    if (isAccessRefused(error)) return access.refuse();
    toast({ title: t('pdf.failed'), description: errorTextOf(error), variant: 'destructive', error });
  }

  function choose(chosen: File | null) {
    if (chosen && (chosen.type !== PDF_LIMITS.mimeType || !chosen.name.toLowerCase().endsWith(PDF_LIMITS.extension))) {
      toast({ title: t('pdf.selectPdf'), variant: 'destructive' });
      setFile(null);
      return;
    }
    if (chosen && chosen.size > PDF_LIMITS.maxBytes) {
      toast({ title: t('upload.invalidFile'), description: t('pdf.tooLarge'), variant: 'destructive' });
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function generate() {
    if (!chapterComplete(chapter) || !file) {
      toast({ title: t('pdf.fillAll'), variant: 'destructive' });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...catalogueNames(chapter, catalogue), numberOfQuestions, difficulty, aiModel, alsoHindi: String(alsoHindi) })) form.append(k, v.trim());
    form.append('pdf', file, file.name);
    setBusy(true);
    setJob(null);
    try {
      const { jobId } = await startPdfJob(form);
      for (;;) {
        if (cancelled.current) return;
        const current = await pdfJob(jobId);
        setJob(current);
        if (current.state === 'failed') throw new Error(current.message ?? t('pdf.jobFailed'));
        if (current.state === 'done' && current.result) {
          setReview(current.result.questions);
          setReviewOpen(true);
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function convert() {
    if (!review || review.length === 0) {
      toast({ title: t('common.noData'), variant: 'destructive' });
      return;
    }
    const topics = new Map<string, ReviewedQuestion[]>();
    for (const q of review) topics.set(q.topic, [...(topics.get(q.topic) ?? []), q]);
    const named = catalogueNames(chapter, catalogue);
    const tree = {
      className: named.className,
      subjects: [{ name: named.subjectName, chapters: [{ name: named.chapterName, number: Number(named.chapterNumber), topics: [...topics].map(([name, qs]) => ({
        name, questions: qs.map((q) => ({
          question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation, difficulty: q.difficulty,
          // Kept with the question when published: the flag queue shows admins where it came from.
          sourcePage: q.page, sourceExcerpt: q.excerpt,
          ...(q.hi?.question.trim() ? { hi: { question: q.hi.question, options: q.hi.options, ...(q.hi.explanation.trim() ? { explanation: q.hi.explanation } : {}) } } : {}),
        })),
      })) }] }],
    };
    try {
      const processed = await processRawJson(JSON.stringify(tree));
      toast({ title: t('pdf.converted'), description: t('pdf.ready', { count: String(processed.summary.questions) }) });
      setReview(null);
      setReviewOpen(false);
      onPreview(processed.processedData);
    } catch (error) {
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: t('common.processingFailed'), description: errorTextOf(error), variant: 'destructive', error });
    }
  }

  const result = job?.result ?? null;
  return (
    <Card>
      <form aria-label={t('pdf.form')} className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void generate(); }} noValidate>
        <ChapterFields idPrefix="pdf" value={chapter} onChange={setChapter} />
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-count">{t('pdf.count')}</label>
          <select id="pdf-count" value={numberOfQuestions} onChange={(e) => setCount(e.target.value)}>
            {QUESTION_COUNTS.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-difficulty">{t('pdf.difficulty')}</label>
          <select id="pdf-difficulty" value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
            {GENERATION_DIFFICULTIES.map((d) => <option key={d} value={d}>{t(`pdf.${d}`)}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-model">{t('pdf.model')}</label>
          <select id="pdf-model" value={aiModel} onChange={(e) => setModel(e.target.value)}>
            {AI_MODELS.map((m) => <option key={m} value={m}>{m === 'openai' ? 'OpenAI' : 'DeepSeek'}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label><input type="checkbox" checked={alsoHindi} onChange={(e) => setAlsoHindi(e.target.checked)} /> {t('pdf.alsoHindi')}</label>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-file">{t('pdf.file')}</label>
          <input id="pdf-file" type="file" accept="application/pdf,.pdf" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
        </div>
        <p><Button ref={processRef} type="submit" disabled={busy}>{busy ? t('pdf.generating') : t('pdf.generate')}</Button></p>
      </form>
      {job && job.state === 'running' && (
        <div aria-label={t('pdf.progress')}>
          <p>{t('pdf.progressText', { stage: job.stage, pagesRead: String(job.pagesRead), pageCount: String(job.pageCount), chunksDone: String(job.chunksDone), chunkCount: String(job.chunkCount), kept: String(job.questionsKept) })}</p>
          <progress max={100} value={job.percent} aria-label={t('pdf.progress')}>{job.percent}%</progress>
        </div>
      )}
      {review && result && !reviewOpen && (
        <p>
          <Button ref={continueButton} onClick={() => setReviewOpen(true)}>{t('pdf.continue', { count: String(review.length) })}</Button>
        </p>
      )}
      <Dialog open={reviewOpen && review !== null} onOpenChange={setReviewOpen}>
        {review && result && (
          <DialogContent
            className="lp-upload__review-dialog"
            title={t('pdf.reviewTitle')}
            returnFocusTo={continueButton}
            description={`${t('pdf.kept', { kept: String(result.kept), generated: String(result.generated) })}${result.dropped.length ? t('pdf.dropped', { count: String(result.dropped.length) }) : ''}${t('pdf.editOrDrop')}`}
            footer={(
              <>
                <DialogClose asChild><Button variant="outline">{t('common.cancel')}</Button></DialogClose>
                <Button onClick={() => void convert()} disabled={review.length === 0}>{t('pdf.convert')}</Button>
              </>
            )}
          >
            <div className="lp-upload__review">
              {result.dropped.length > 0 && (
                <details>
                  <summary>{t('pdf.whyDropped', { count: String(result.dropped.length) })}</summary>
                  <ul>{result.dropped.map((d, i) => <li key={i}>{d.question}{d.page ? t('pdf.page', { page: String(d.page) }) : ''}: {d.reason}</li>)}</ul>
                </details>
              )}
              <ol aria-label={t('pdf.generated')}>
                {review.map((q, i) => (
                  <li key={i}>
                    <ReviewItem index={i} question={q} onChange={(next) => setReview(review.map((r, j) => (j === i ? next : r)))} onDrop={() => setReview(review.filter((_, j) => j !== i))} />
                  </li>
                ))}
              </ol>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function ReviewItem({ index, question, onChange, onDrop }: { index: number; question: ReviewedQuestion; onChange(q: ReviewedQuestion): void; onDrop(): void }) {
  const t = useT();
  return (
    <div className="lp-upload__review-item">
      <label className="lp-field">
        <span className="lp-field__label">{t('pdf.question')} <Badge variant="muted">{t('pdf.pageBadge', { page: String(question.page) })}</Badge></span>
        <textarea rows={2} value={question.question} onChange={(e) => onChange({ ...question, question: e.target.value })} />
      </label>
      <ul>
        {question.options.map((o, i) => (
          <li key={i}>
            <label>
              <input type="radio" name={`key-${index}`} checked={o === question.correctAnswer} onChange={() => onChange({ ...question, correctAnswer: o })} aria-label={t('pdf.correct', { option: o })} />{' '}
              <input value={o} aria-label={t('pdf.option', { n: String(i + 1) })} onChange={(e) => {
                const options = question.options.map((x, j) => (j === i ? e.target.value : x));
                onChange({ ...question, options, correctAnswer: o === question.correctAnswer ? e.target.value : question.correctAnswer });
              }} />
            </label>
          </li>
        ))}
      </ul>
      <label className="lp-field">
        <span className="lp-field__label">{t('pdf.explanation')}</span>
        <textarea rows={2} value={question.explanation} onChange={(e) => onChange({ ...question, explanation: e.target.value })} />
      </label>
      {question.hi && <HindiFields index={index} hi={question.hi} onChange={(hi) => onChange({ ...question, hi })} />}
      <blockquote><small>{t('pdf.source', { page: String(question.page), excerpt: question.excerpt })}</small></blockquote>
      <Button variant="ghost" size="sm" onClick={onDrop}>{t('pdf.drop')}</Button>
    </div>
  );
}

/** The model's Hindi version of a question, edited like the English one; option i is the Hindi twin of English option i. */
function HindiFields({ index, hi, onChange }: { index: number; hi: NonNullable<ReviewedQuestion['hi']>; onChange(hi: NonNullable<ReviewedQuestion['hi']>): void }) {
  return (
    <fieldset className="lp-upload__hindi" lang="hi" aria-label={`Hindi version of question ${index + 1}`}>
      <label className="lp-field">
        <span className="lp-field__label" lang="en">Question in Hindi</span>
        <textarea rows={2} value={hi.question} onChange={(e) => onChange({ ...hi, question: e.target.value })} />
      </label>
      <ul>
        {hi.options.map((o, i) => (
          <li key={i}>
            <input value={o} aria-label={`Hindi option ${i + 1}`} onChange={(e) => onChange({ ...hi, options: hi.options.map((x, j) => (j === i ? e.target.value : x)) })} />
          </li>
        ))}
      </ul>
      <label className="lp-field">
        <span className="lp-field__label" lang="en">Explanation in Hindi</span>
        <textarea rows={2} value={hi.explanation} onChange={(e) => onChange({ ...hi, explanation: e.target.value })} />
      </label>
    </fieldset>
  );
}
