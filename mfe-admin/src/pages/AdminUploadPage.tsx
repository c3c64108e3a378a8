// /admin-upload (spec §2, §4, §5, §8): four methods, each with Back and Logout; process → preview → confirm and publish.
import type { UploadTree } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { errorMessageOf, Link, toast } from '@lp/web-platform';
import { useRef, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { heading } from '@lp/web-platform/heading';
import { processGuidedForm, processRawJson, publishTree } from '../upload/api.ts';
import { catalogueNames, ChapterFields, chapterComplete, EMPTY_CHAPTER, type ChapterFieldValues } from '../upload/ChapterFields.tsx';
import { useCatalogue } from '../upload/catalogue.ts';
import { locateJson, refusedFields } from '../upload/json-locate.ts';
import { PdfMethod } from '../upload/PdfMethod.tsx';
import { UPLOAD_TEMPLATE_HREF } from '../upload/template.ts';
import { PreviewDialog } from '../upload/PreviewDialog.tsx';
import '../admin.css';

type Method = 'raw' | 'guided' | 'pdf' | 'file';
const METHODS: Array<{ id: Method; title: string; description: string }> = [
  { id: 'raw', title: 'Raw JSON', description: 'Paste content in the upload format.' },
  { id: 'guided', title: 'Guided Form', description: 'Class, subject and chapter, then the questions as JSON.' },
  { id: 'pdf', title: 'PDF to MCQ', description: 'Generate multiple-choice questions from a textbook PDF with AI, then review them.' },
  { id: 'file', title: 'JSON File', description: 'Upload a .json file in the upload format.' },
];

export function AdminUploadPage() {
  const access = useAdminAccess();
  const [method, setMethod] = useState<Method | null>(null);
  const [preview, setPreview] = useState<UploadTree | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);

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
    toast({ title, description: errorMessageOf(error), variant: 'destructive', error });
  };

  async function publish() {
    if (!preview) {
      toast({ title: 'No data available for upload. Please process content first.', variant: 'destructive' });
      return;
    }
    setPublishing(true);
    try {
      await publishTree(preview);
      toast({ title: 'Upload successful', description: 'Content has been uploaded to the database' });
      discardPreview();
    } catch (error) {
      failed('Upload Failed', error);
    } finally {
      setPublishing(false);
    }
  }

  const actions = (
    <>
      {method && <Button variant="outline" onClick={() => choose(null)}>Back</Button>}
      <Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>
    </>
  );
  const current = METHODS.find((m) => m.id === method);
  return (
    <PageFrame title={heading('Content Upload')} subtitle={current ? current.title : 'Choose how to add questions.'} actions={actions}>
      {!method && (
        <div role="list" className="lp-upload__methods">
          {METHODS.map((m) => (
            <Card key={m.id} role="listitem">
              <h2>{m.title}</h2>
              <p>{m.description}</p>
              <Button onClick={() => choose(m.id)}>{`Use ${m.title}`}</Button>
            </Card>
          ))}
          <Card role="listitem">
            <h2>Several JSON files</h2>
            <p>Drop the topic files of one chapter together.</p>
            <Button asChild variant="outline"><Link to="/admin-upload-old">Bulk upload</Link></Button>
          </Card>
        </div>
      )}
      {method === 'raw' && <RawJsonMethod onPreview={previewFor(round.current)} onFail={failed} />}
      {method === 'guided' && <GuidedMethod onPreview={previewFor(round.current)} onFail={failed} />}
      {method === 'pdf' && <PdfMethod onPreview={previewFor(round.current)} />}
      {method === 'file' && <JsonFileMethod onPreview={previewFor(round.current)} onFail={failed} />}
      <PreviewDialog tree={preview} open={previewOpen} onOpenChange={previewOpenChange} onConfirm={() => void publish()} busy={publishing} />
    </PageFrame>
  );
}

interface MethodProps { onPreview(tree: UploadTree): void; onFail(title: string, error: unknown): void }

function RawJsonMethod({ onPreview, onFail }: MethodProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // The problems found, each with its line, shown under the text until it changes (a toast alone goes in 5 s).
  const [problems, setProblems] = useState<string[]>([]);
  async function process() {
    if (text.trim() === '') return toast({ title: 'Please enter JSON content to process', variant: 'destructive' });
    const located = locateJson(text);
    if (!located.ok) {
      setProblems([`Line ${located.spot.line}, column ${located.spot.column}: ${located.problem}`]);
      return toast({ title: 'Invalid JSON: Please check your JSON syntax and try again', variant: 'destructive' });
    }
    setBusy(true);
    try {
      onPreview((await processRawJson(text)).processedData);
    } catch (error) {
      setProblems(refusedFields(errorMessageOf(error)).map(({ path, reason }) => {
        const line = located.lineOf(path);
        return `${line === null ? '' : `Line ${line}, `}${path}: ${reason}`;
      }));
      onFail('Processing Failed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <p><a href={UPLOAD_TEMPLATE_HREF} download="upload-template.json">Download a template</a> (one subject, chapter and topic with a question of each type, one of them also in Hindi) to fill in. Write science notation as TeX between single dollars: <code>{'$6.25 \\times 10^{-18}$'}</code>, <code>{'$\\frac{1}{r^2}$'}</code>, <code>{'$v_d$'}</code>.</p>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor="raw-json">JSON content</label>
        <textarea id="raw-json" rows={14} value={text} onChange={(e) => { setText(e.target.value); setProblems([]); }}
          aria-invalid={problems.length > 0} aria-describedby={problems.length > 0 ? 'raw-json-problems' : undefined}
          placeholder='{"className": "CBSE Class 12", "subjects": [{"name": "Biology", "chapters": [...]}]}' />
        {problems.length > 0 && (
          <ul id="raw-json-problems" role="alert" aria-label="Problems in the JSON" className="lp-upload__problems">
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        )}
      </div>
      <p><Button onClick={() => void process()} disabled={busy || text.trim() === ''}>{busy ? 'Processing...' : 'Process JSON'}</Button></p>
    </Card>
  );
}

function GuidedMethod({ onPreview, onFail }: MethodProps) {
  const [chapter, setChapter] = useState<ChapterFieldValues>(EMPTY_CHAPTER);
  const catalogue = useCatalogue(chapter.className);
  const [rawQuestions, setQuestions] = useState('');
  const [busy, setBusy] = useState(false);
  async function process() {
    if (!chapterComplete(chapter) || rawQuestions.trim() === '') return toast({ title: 'Form Incomplete: Please fill in all fields', variant: 'destructive' });
    setBusy(true);
    try {
      const named = catalogueNames(chapter, catalogue);
      const body = { className: named.className as 'CBSE Class 12', subjectName: named.subjectName, chapterNumber: Number(named.chapterNumber), chapterName: named.chapterName, rawQuestions };
      onPreview((await processGuidedForm(body)).processedData);
    } catch (error) {
      onFail('Processing Failed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <form aria-label="Guided form" className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void process(); }} noValidate>
        <ChapterFields idPrefix="guided" value={chapter} onChange={setChapter} />
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="guided-questions">Questions (JSON)</label>
          <textarea id="guided-questions" rows={10} value={rawQuestions} onChange={(e) => setQuestions(e.target.value)}
            placeholder='[{"question": "...", "type": "multiple_choice", "options": ["A", "B", "C", "D"], "correctAnswer": "B"}]' />
        </div>
        <p><Button type="submit" disabled={busy}>{busy ? 'Processing...' : 'Process Form'}</Button></p>
      </form>
    </Card>
  );
}

function JsonFileMethod({ onPreview, onFail }: MethodProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  function choose(chosen: File | null) {
    if (chosen && !chosen.name.toLowerCase().endsWith('.json')) {
      toast({ title: 'Invalid File', description: 'Please select a JSON file (.json extension required)', variant: 'destructive' });
      setFile(null);
      return;
    }
    setFile(chosen);
  }
  async function process() {
    if (!file) return toast({ title: 'No File Selected', description: 'Please select a JSON file to upload', variant: 'destructive' });
    let text: string;
    try {
      text = await file.text();
      JSON.parse(text);
    } catch {
      return toast({ title: 'File Processing Failed', description: 'Invalid JSON file format or file read error', variant: 'destructive' });
    }
    setBusy(true);
    try {
      onPreview((await processRawJson(text)).processedData);
    } catch (error) {
      onFail('Processing Failed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor="json-file">JSON file</label>
        <input id="json-file" type="file" accept=".json,application/json" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
      </div>
      {file && <p>Selected: {file.name}</p>}
      <p><Button onClick={() => void process()} disabled={busy}>{busy ? 'Processing...' : 'Process File'}</Button></p>
    </Card>
  );
}
