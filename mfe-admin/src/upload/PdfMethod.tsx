// PDF to MCQ (spec §2, §4): generate → progress → review dialog (edit or drop each question, with its page and source
// excerpt) → Convert Format (the server normalises the reviewed questions) → preview → publish.
import {
  AI_MODELS, GENERATION_DIFFICULTIES, PDF_DEFAULTS, PDF_LIMITS, QUESTION_COUNTS, type PdfJob, type ReviewedQuestion, type UploadTree,
} from '@lp/contracts';
import { Badge, Button, Card, Dialog, DialogClose, DialogContent } from '@lp/ui';
import { errorMessageOf, toast } from '@lp/web-platform';
import { useEffect, useRef, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { pdfJob, processRawJson, startPdfJob } from './api.ts';
import { catalogueNames, ChapterFields, chapterComplete, EMPTY_CHAPTER, type ChapterFieldValues } from './ChapterFields.tsx';
import { useCatalogue } from './catalogue.ts';
import '../admin.css';

const POLL_MS = 1000;

export function PdfMethod({ onPreview }: { onPreview(tree: UploadTree): void }) {
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
  useEffect(() => () => { cancelled.current = true; }, []);

  function fail(error: unknown) {
    if (isAccessRefused(error)) return access.refuse();
    toast({ title: 'PDF Processing Failed', description: errorMessageOf(error), variant: 'destructive', error });
  }

  function choose(chosen: File | null) {
    if (chosen && (chosen.type !== PDF_LIMITS.mimeType || !chosen.name.toLowerCase().endsWith(PDF_LIMITS.extension))) {
      toast({ title: 'Invalid File: Please select a PDF file', variant: 'destructive' });
      setFile(null);
      return;
    }
    if (chosen && chosen.size > PDF_LIMITS.maxBytes) {
      toast({ title: 'Invalid File', description: 'The PDF is larger than 10 MB. Choose a smaller file (at most 10 MB).', variant: 'destructive' });
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function generate() {
    if (!chapterComplete(chapter) || !file) {
      toast({ title: 'Please fill in all fields and upload a PDF file', variant: 'destructive' });
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
        if (current.state === 'failed') throw new Error(current.message ?? 'PDF processing failed.');
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
      toast({ title: 'No data available for upload. Please process content first.', variant: 'destructive' });
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
      toast({ title: 'Format Converted', description: `${processed.summary.questions} questions ready to preview.` });
      setReview(null);
      setReviewOpen(false);
      onPreview(processed.processedData);
    } catch (error) {
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: 'Processing Failed', description: errorMessageOf(error), variant: 'destructive', error });
    }
  }

  const result = job?.result ?? null;
  return (
    <Card>
      <form aria-label="PDF to MCQ" className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void generate(); }} noValidate>
        <ChapterFields idPrefix="pdf" value={chapter} onChange={setChapter} />
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-count">Number of questions</label>
          <select id="pdf-count" value={numberOfQuestions} onChange={(e) => setCount(e.target.value)}>
            {QUESTION_COUNTS.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-difficulty">Difficulty</label>
          <select id="pdf-difficulty" value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
            {GENERATION_DIFFICULTIES.map((d) => <option key={d} value={d}>{d[0]!.toUpperCase() + d.slice(1)}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-model">AI model (admin only)</label>
          <select id="pdf-model" value={aiModel} onChange={(e) => setModel(e.target.value)}>
            {AI_MODELS.map((m) => <option key={m} value={m}>{m === 'openai' ? 'OpenAI' : 'DeepSeek'}</option>)}
          </select>
        </div>
        <div className="lp-field">
          <label><input type="checkbox" checked={alsoHindi} onChange={(e) => setAlsoHindi(e.target.checked)} /> Also in Hindi (a Hindi PDF gets Hindi anyway)</label>
        </div>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="pdf-file">PDF file (at most 10 MB)</label>
          <input id="pdf-file" type="file" accept="application/pdf,.pdf" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
        </div>
        <p><Button type="submit" disabled={busy}>{busy ? 'Generating...' : 'Generate Questions'}</Button></p>
      </form>
      {job && job.state === 'running' && (
        <div aria-label="Generation progress">
          <p>{job.stage}: {job.pagesRead} of {job.pageCount} pages read, {job.chunksDone} of {job.chunkCount} parts done, {job.questionsKept} questions kept</p>
          <progress max={100} value={job.percent} aria-label="Generation progress">{job.percent}%</progress>
        </div>
      )}
      {review && result && !reviewOpen && (
        <p>
          <Button onClick={() => setReviewOpen(true)}>{`Continue review (${review.length} questions)`}</Button>
        </p>
      )}
      <Dialog open={reviewOpen && review !== null} onOpenChange={setReviewOpen}>
        {review && result && (
          <DialogContent
            className="lp-upload__review-dialog"
            title="Review Generated Questions"
            description={`Kept ${result.kept} of ${result.generated} generated questions${result.dropped.length ? `; ${result.dropped.length} dropped` : ''}. Edit or drop any question, then convert.`}
            footer={(
              <>
                <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
                <Button onClick={() => void convert()} disabled={review.length === 0}>Convert Format</Button>
              </>
            )}
          >
            <div className="lp-upload__review">
              {result.dropped.length > 0 && (
                <details>
                  <summary>Why {result.dropped.length} were dropped</summary>
                  <ul>{result.dropped.map((d, i) => <li key={i}>{d.question}{d.page ? ` (page ${d.page})` : ''}: {d.reason}</li>)}</ul>
                </details>
              )}
              <ol aria-label="Generated questions">
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
  return (
    <div className="lp-upload__review-item">
      <label className="lp-field">
        <span className="lp-field__label">Question <Badge variant="muted">page {question.page}</Badge></span>
        <textarea rows={2} value={question.question} onChange={(e) => onChange({ ...question, question: e.target.value })} />
      </label>
      <ul>
        {question.options.map((o, i) => (
          <li key={i}>
            <label>
              <input type="radio" name={`key-${index}`} checked={o === question.correctAnswer} onChange={() => onChange({ ...question, correctAnswer: o })} aria-label={`Correct: ${o}`} />{' '}
              <input value={o} aria-label={`Option ${i + 1}`} onChange={(e) => {
                const options = question.options.map((x, j) => (j === i ? e.target.value : x));
                onChange({ ...question, options, correctAnswer: o === question.correctAnswer ? e.target.value : question.correctAnswer });
              }} />
            </label>
          </li>
        ))}
      </ul>
      <label className="lp-field">
        <span className="lp-field__label">Explanation</span>
        <textarea rows={2} value={question.explanation} onChange={(e) => onChange({ ...question, explanation: e.target.value })} />
      </label>
      {question.hi && <HindiFields index={index} hi={question.hi} onChange={(hi) => onChange({ ...question, hi })} />}
      <blockquote><small>Source, page {question.page}: “{question.excerpt}”</small></blockquote>
      <Button variant="ghost" size="sm" onClick={onDrop}>Drop question</Button>
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
