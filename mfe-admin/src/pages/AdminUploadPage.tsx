// /admin-upload (spec §2, §4, §5, §8): four methods, each with Back and Logout; process → preview → confirm and publish.
import type { UploadTree } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { errorMessageOf, Link, toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useRef, useState, type RefObject } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { heading } from '@lp/web-platform/heading';
import { processGuidedForm, processRawJson, publishTree } from '../upload/api.ts';
import { catalogueNames, ChapterFields, chapterComplete, EMPTY_CHAPTER, type ChapterFieldValues } from '../upload/ChapterFields.tsx';
import { useCatalogue } from '../upload/catalogue.ts';
import { locateJson, refusedFields } from '../upload/json-locate.ts';
import { PdfMethod } from '../upload/PdfMethod.tsx';
import { UPLOAD_TEMPLATE_HREF } from '../upload/template.ts';
import { PreviewDialog } from '../upload/PreviewDialog.tsx';
import { en, t as translate, useT } from '../i18n/index.ts';
import '../admin.css';

type Method = 'raw' | 'guided' | 'pdf' | 'file';
const METHODS: Array<{ id: Method; title: keyof typeof en; description: keyof typeof en }> = [
  { id: 'raw', title: 'upload.raw', description: 'upload.rawDescription' },
  { id: 'guided', title: 'upload.guided', description: 'upload.guidedDescription' },
  { id: 'pdf', title: 'upload.pdf', description: 'upload.pdfDescription' },
  { id: 'file', title: 'upload.file', description: 'upload.fileDescription' },
];

export function AdminUploadPage() {
  const access = useAdminAccess();
  const [method, setMethod] = useState<Method | null>(null);
  const [preview, setPreview] = useState<UploadTree | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const t = useT();
  // The button that processed the content: the preview returns the focus to it when it closes (published, Cancel,
  // Escape), as that button was disabled while processing and so could not keep the focus itself.
  const processButton = useRef<HTMLButtonElement>(null);

  // Each choice of method starts a new round: a processing answer from an earlier round (the owner went Back or
  // switched method meanwhile) is dropped, so only what the current method produced can reach the preview.
  const round = useRef(0);
  const choose = (next: Method | null) => {
    round.current += 1;
    setMethod(next);
    discardPreview();
  };
  const previewFor = (ofRound: number) => (tree: UploadTree) => {
    if (ofRound !== round.current) return;
    setPreview(tree);
    setPreviewOpen(true);
  };
  // The preview is the only way to publish: closing it (Cancel, Escape) forgets the processed content.
  function discardPreview() {
    setPreview(null);
    setPreviewOpen(false);
  }
  const previewOpenChange = (open: boolean) => (open ? setPreviewOpen(true) : discardPreview());
  const failed = (title: string, error: unknown) => {
    if (isAccessRefused(error)) return access.refuse();
    toast({ title, description: errorTextOf(error), variant: 'destructive', error });
  };

  async function publish() {
    if (!preview) {
      toast({ title: t('common.noData'), variant: 'destructive' });
      return;
    }
    setPublishing(true);
    try {
      await publishTree(preview);
      toast({ title: t('common.uploadSuccessful'), description: t('common.uploaded') });
      discardPreview();
    } catch (error) {
      failed(t('upload.failed'), error);
    } finally {
      setPublishing(false);
    }
  }

  const actions = (
    <>
      {method && <Button variant="outline" onClick={() => choose(null)}>{t('common.back')}</Button>}
      <Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>
    </>
  );
  const current = METHODS.find((m) => m.id === method);
  return (
    <PageFrame title={heading(t('upload.title'))} subtitle={current ? t(current.title) : t('upload.choose')} actions={actions}>
      {!method && (
        <div role="list" className="lp-upload__methods">
          {METHODS.map((m) => (
            <Card key={m.id} role="listitem">
              <h2>{t(m.title)}</h2>
              <p>{t(m.description)}</p>
              <Button onClick={() => choose(m.id)}>{t('upload.use', { method: t(m.title) })}</Button>
            </Card>
          ))}
          <Card role="listitem">
            <h2>{t('upload.several')}</h2>
            <p>{t('upload.severalDescription')}</p>
            <Button asChild variant="outline"><Link to="/admin-upload-old">{t('upload.bulk')}</Link></Button>
          </Card>
        </div>
      )}
      {method === 'raw' && <RawJsonMethod onPreview={previewFor(round.current)} onFail={failed} processRef={processButton} />}
      {method === 'guided' && <GuidedMethod onPreview={previewFor(round.current)} onFail={failed} processRef={processButton} />}
      {method === 'pdf' && <PdfMethod onPreview={previewFor(round.current)} processRef={processButton} />}
      {method === 'file' && <JsonFileMethod onPreview={previewFor(round.current)} onFail={failed} processRef={processButton} />}
      <PreviewDialog tree={preview} open={previewOpen} onOpenChange={previewOpenChange} onConfirm={() => void publish()} busy={publishing}
        returnFocusTo={processButton} />
    </PageFrame>
  );
}

interface MethodProps { onPreview(tree: UploadTree): void; onFail(title: string, error: unknown): void; processRef: RefObject<HTMLButtonElement | null> }

function RawJsonMethod({ onPreview, onFail, processRef }: MethodProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // The problems found, each with its line, shown under the text until it changes (a toast alone goes in 5 s).
  const [problems, setProblems] = useState<string[]>([]);
  const t = useT();
  async function process() {
    if (text.trim() === '') return toast({ title: t('upload.enterJson'), variant: 'destructive' });
    const located = locateJson(text);
    if (!located.ok) {
      setProblems([t('upload.lineColumn', { line: String(located.spot.line), column: String(located.spot.column), problem: located.problem })]);
      return toast({ title: t('upload.invalidJson'), variant: 'destructive' });
    }
    setBusy(true);
    try {
      onPreview((await processRawJson(text)).processedData);
    } catch (error) {
      setProblems(refusedFields(errorMessageOf(error)).map(({ path, reason }) => {
        const line = located.lineOf(path);
        return `${line === null ? '' : t('upload.line', { line: String(line) })}${path}: ${reason}`;
      }));
      onFail(translate('common.processingFailed'), error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <p><a href={UPLOAD_TEMPLATE_HREF} download="upload-template.json">{t('upload.template')}</a> {t('upload.templateNote')} <code>{'$6.25 \\times 10^{-18}$'}</code>, <code>{'$\\frac{1}{r^2}$'}</code>, <code>{'$v_d$'}</code>.</p>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor="raw-json">{t('upload.jsonContent')}</label>
        <textarea id="raw-json" rows={14} value={text} onChange={(e) => { setText(e.target.value); setProblems([]); }}
          aria-invalid={problems.length > 0} aria-describedby={problems.length > 0 ? 'raw-json-problems' : undefined}
          placeholder='{"className": "CBSE Class 12", "subjects": [{"name": "Biology", "chapters": [...]}]}' />
        {problems.length > 0 && (
          <ul id="raw-json-problems" role="alert" aria-label={t('upload.problems')} className="lp-upload__problems">
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        )}
      </div>
      <p><Button ref={processRef} onClick={() => void process()} disabled={busy || text.trim() === ''}>{busy ? t('common.processing') : t('upload.processJson')}</Button></p>
    </Card>
  );
}

function GuidedMethod({ onPreview, onFail, processRef }: MethodProps) {
  const [chapter, setChapter] = useState<ChapterFieldValues>(EMPTY_CHAPTER);
  const catalogue = useCatalogue(chapter.className);
  const [rawQuestions, setQuestions] = useState('');
  const [busy, setBusy] = useState(false);
  const t = useT();
  async function process() {
    if (!chapterComplete(chapter) || rawQuestions.trim() === '') return toast({ title: t('upload.formIncomplete'), variant: 'destructive' });
    setBusy(true);
    try {
      const named = catalogueNames(chapter, catalogue);
      const body = { className: named.className as 'CBSE Class 12', subjectName: named.subjectName, chapterNumber: Number(named.chapterNumber), chapterName: named.chapterName, rawQuestions };
      onPreview((await processGuidedForm(body)).processedData);
    } catch (error) {
      onFail(translate('common.processingFailed'), error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <form aria-label={t('upload.guidedForm')} className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void process(); }} noValidate>
        <ChapterFields idPrefix="guided" value={chapter} onChange={setChapter} />
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="guided-questions">{t('upload.questionsJson')}</label>
          <textarea id="guided-questions" rows={10} value={rawQuestions} onChange={(e) => setQuestions(e.target.value)}
            placeholder='[{"question": "...", "type": "multiple_choice", "options": ["A", "B", "C", "D"], "correctAnswer": "B"}]' />
        </div>
        <p><Button ref={processRef} type="submit" disabled={busy}>{busy ? t('common.processing') : t('upload.processForm')}</Button></p>
      </form>
    </Card>
  );
}

function JsonFileMethod({ onPreview, onFail, processRef }: MethodProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  function choose(chosen: File | null) {
    if (chosen && !chosen.name.toLowerCase().endsWith('.json')) {
      toast({ title: t('upload.invalidFile'), description: t('upload.jsonRequired'), variant: 'destructive' });
      setFile(null);
      return;
    }
    setFile(chosen);
  }
  async function process() {
    if (!file) return toast({ title: t('upload.noFile'), description: t('upload.selectJson'), variant: 'destructive' });
    let text: string;
    try {
      text = await file.text();
      JSON.parse(text);
    } catch {
      return toast({ title: t('upload.fileFailed'), description: t('upload.fileInvalid'), variant: 'destructive' });
    }
    setBusy(true);
    try {
      onPreview((await processRawJson(text)).processedData);
    } catch (error) {
      onFail(translate('common.processingFailed'), error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor="json-file">{t('upload.jsonFile')}</label>
        <input id="json-file" type="file" accept=".json,application/json" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
      </div>
      {file && <p>{t('upload.selected', { name: file.name })}</p>}
      <p><Button ref={processRef} onClick={() => void process()} disabled={busy}>{busy ? t('common.processing') : t('upload.processFile')}</Button></p>
    </Card>
  );
}
