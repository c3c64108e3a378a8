// /admin-upload-old (spec §2, §4, §5, §8): drop or pick several JSON files of one chapter; each row goes
// pending → processing → parsed or error; processing starts when files are chosen; a confirmation dialog; all cleared after upload.
import type { MultiFileResult } from '@lp/contracts';
import { Badge, Button, Card, Dialog, DialogClose, DialogContent, PageFrame } from '@lp/ui';
import { errorMessageOf, toast } from '@lp/web-platform';
import { useState, type DragEvent } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { heading } from '@lp/web-platform/heading';
import { MB, processMultipleFiles, publishProcessed } from '../upload/api.ts';
import '../admin.css';

type RowStatus = 'pending' | 'processing' | 'parsed' | 'error';
interface Row { name: string; status: RowStatus; detail: string }

const BADGE: Record<RowStatus, 'muted' | 'warning' | 'success' | 'danger'> = { pending: 'muted', processing: 'warning', parsed: 'success', error: 'danger' };
const MAX_FILES = 20;
const MAX_FILE_BYTES = 2 * MB;

export function AdminUploadOldPage() {
  const access = useAdminAccess();
  const [rows, setRows] = useState<Row[]>([]);
  const [result, setResult] = useState<MultiFileResult | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  const failed = (title: string, error: unknown) => {
    if (isAccessRefused(error)) return access.refuse();
    toast({ title, description: errorMessageOf(error), variant: 'destructive', error });
  };

  async function choose(list: FileList | File[] | null) {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    if (files.some((f) => !f.name.toLowerCase().endsWith('.json'))) {
      toast({ title: 'Invalid files', description: 'Please upload only JSON files.', variant: 'destructive' });
      return;
    }
    if (files.length > MAX_FILES) {
      toast({ title: 'Invalid files', description: `Upload at most ${MAX_FILES} files at a time.`, variant: 'destructive' });
      return;
    }
    setResult(null);
    // Pending while the browser reads the files, processing while the server parses them.
    setRows(files.map((f) => ({ name: f.name, status: 'pending', detail: '' })));
    try {
      const contents = await Promise.all(files.map(async (f) => {
        if (f.size > MAX_FILE_BYTES) throw new Error(`${f.name} is larger than 2 MB.`);
        return { filename: f.name, content: await f.text() };
      }));
      setRows(files.map((f) => ({ name: f.name, status: 'processing', detail: '' })));
      const processed = await processMultipleFiles(contents);
      setRows(processed.files.map((f) => ({ name: f.filename, status: f.status, detail: f.status === 'parsed' ? `${f.questionCount} questions` : f.error ?? '' })));
      setResult(processed);
      toast({ title: 'Files processed successfully', description: `Found ${processed.totalQuestions} questions across ${Object.keys(processed.topics).length} topics` });
      setConfirmOpen(true);
    } catch (error) {
      setRows((current) => current.map((r) => ({ ...r, status: 'error', detail: r.detail || errorMessageOf(error) })));
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: 'Processing failed', description: `Failed to process uploaded files. ${errorMessageOf(error)}`, variant: 'destructive', error });
    }
  }

  async function upload() {
    if (!result) {
      toast({ title: 'No data available for upload. Please process content first.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await publishProcessed({ className: result.className, subjectName: result.subjectName, chapterName: result.chapterName, topics: result.topics });
      toast({ title: 'Upload successful', description: 'Content has been uploaded to the database' });
      setRows([]);
      setResult(null);
      setConfirmOpen(false);
    } catch (error) {
      failed('Upload failed', error);
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files);
  };

  return (
    <PageFrame title={heading('Bulk JSON Upload')} subtitle="Drop several JSON files to upload them together."
      actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      <Card>
        <div
          onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}
          className={dragging ? 'lp-upload__dropzone lp-upload__dropzone--dragging' : 'lp-upload__dropzone'}
          aria-label="Drop JSON files here"
        >
          <p>Drag and drop JSON files here, or</p>
          <label className="lp-field__label" htmlFor="bulk-files">Choose JSON files</label>{' '}
          <input id="bulk-files" type="file" multiple accept=".json,application/json" onChange={(e) => { void choose(e.target.files); e.target.value = ''; }} />
        </div>
        {rows.length > 0 && (
          <ul aria-label="Files">
            {rows.map((r) => (
              <li key={r.name}>
                {r.name} <Badge variant={BADGE[r.status]}>{r.status}</Badge> {r.detail && <small>{r.detail}</small>}
              </li>
            ))}
          </ul>
        )}
        {result && <p><Button onClick={() => setConfirmOpen(true)}>Upload to Database</Button></p>}
      </Card>
      <Dialog open={confirmOpen && !!result} onOpenChange={setConfirmOpen}>
        {result && (
          <DialogContent
            title="Confirm Upload"
            description={`${result.className} › ${result.subjectName} › ${result.chapterName}: ${result.totalQuestions} questions in ${Object.keys(result.topics).length} topics.`}
            footer={(
              <>
                <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
                <Button onClick={() => void upload()} disabled={busy}>{busy ? 'Uploading...' : 'Confirm Upload'}</Button>
              </>
            )}
          >
            <ul>{Object.entries(result.topics).map(([name, qs]) => <li key={name}>{name}: {qs.length} questions</li>)}</ul>
          </DialogContent>
        )}
      </Dialog>
    </PageFrame>
  );
}
