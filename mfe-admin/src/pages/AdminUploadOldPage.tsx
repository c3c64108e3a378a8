// /admin-upload-old (spec §2, §4, §5, §8): drop or pick several JSON files of one chapter; each row goes
// pending → processing → parsed or error; processing starts when files are chosen; a confirmation dialog; all cleared after upload.
import type { MultiFileResult } from '@lp/contracts';
import { Badge, Button, Card, Dialog, DialogClose, DialogContent, PageFrame } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useState, type DragEvent } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { heading } from '@lp/web-platform/heading';
import { MB, processMultipleFiles, publishProcessed } from '../upload/api.ts';
import '../admin.css';
import { useT } from '../i18n/index.ts';

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
  const t = useT();

  const failed = (title: string, error: unknown) => {
    if (isAccessRefused(error)) return access.refuse();
    toast({ title, description: errorTextOf(error), variant: 'destructive', error });
  };

  async function choose(list: FileList | File[] | null) {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    if (files.some((f) => !f.name.toLowerCase().endsWith('.json'))) {
      toast({ title: t('bulk.invalid'), description: t('bulk.onlyJson'), variant: 'destructive' });
      return;
    }
    if (files.length > MAX_FILES) {
      toast({ title: t('bulk.invalid'), description: t('bulk.atMost', { count: String(MAX_FILES) }), variant: 'destructive' });
      return;
    }
    setResult(null);
    // Pending while the browser reads the files, processing while the server parses them.
    setRows(files.map((f) => ({ name: f.name, status: 'pending', detail: '' })));
    try {
      const contents = await Promise.all(files.map(async (f) => {
        if (f.size > MAX_FILE_BYTES) throw new Error(t('bulk.tooLarge', { name: f.name }));
        return { filename: f.name, content: await f.text() };
      }));
      setRows(files.map((f) => ({ name: f.name, status: 'processing', detail: '' })));
      const processed = await processMultipleFiles(contents);
      setRows(processed.files.map((f) => ({ name: f.filename, status: f.status, detail: f.status === 'parsed' ? t('bulk.questions', { count: String(f.questionCount) }) : f.error ?? '' })));
      setResult(processed);
      toast({ title: t('bulk.processed'), description: t('bulk.found', { questions: String(processed.totalQuestions), topics: String(Object.keys(processed.topics).length) }) });
      setConfirmOpen(true);
    } catch (error) {
      setRows((current) => current.map((r) => ({ ...r, status: 'error', detail: r.detail || errorTextOf(error) })));
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: t('bulk.processingFailed'), description: t('bulk.failedText', { error: errorTextOf(error) }), variant: 'destructive', error });
    }
  }

  async function upload() {
    if (!result) {
      toast({ title: t('common.noData'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await publishProcessed({ className: result.className, subjectName: result.subjectName, chapterName: result.chapterName, topics: result.topics });
      toast({ title: t('common.uploadSuccessful'), description: t('common.uploaded') });
      setRows([]);
      setResult(null);
      setConfirmOpen(false);
    } catch (error) {
      failed(t('bulk.uploadFailed'), error);
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
    <PageFrame title={heading(t('bulk.title'))} subtitle={t('bulk.subtitle')}
      actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      <Card>
        <div
          onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}
          className={dragging ? 'lp-upload__dropzone lp-upload__dropzone--dragging' : 'lp-upload__dropzone'}
          aria-label={t('bulk.dropHere')}
        >
          <p>{t('bulk.dragAndDrop')}</p>
          <label className="lp-field__label" htmlFor="bulk-files">{t('bulk.choose')}</label>{' '}
          <input id="bulk-files" type="file" multiple accept=".json,application/json" onChange={(e) => { void choose(e.target.files); e.target.value = ''; }} />
        </div>
        {rows.length > 0 && (
          <ul aria-label={t('bulk.files')}>
            {rows.map((r) => (
              <li key={r.name}>
                {r.name} <Badge variant={BADGE[r.status]}>{t(`bulk.status.${r.status}`)}</Badge> {r.detail && <small>{r.detail}</small>}
              </li>
            ))}
          </ul>
        )}
        {result && <p><Button onClick={() => setConfirmOpen(true)}>{t('bulk.upload')}</Button></p>}
      </Card>
      <Dialog open={confirmOpen && !!result} onOpenChange={setConfirmOpen}>
        {result && (
          <DialogContent
            title={t('bulk.confirmTitle')}
            description={t('bulk.confirmDescription', { className: result.className, subject: result.subjectName, chapter: result.chapterName, questions: String(result.totalQuestions), topics: String(Object.keys(result.topics).length) })}
            footer={(
              <>
                <DialogClose asChild><Button variant="outline">{t('common.cancel')}</Button></DialogClose>
                <Button onClick={() => void upload()} disabled={busy}>{busy ? t('bulk.uploading') : t('bulk.confirm')}</Button>
              </>
            )}
          >
            <ul>{Object.entries(result.topics).map(([name, qs]) => <li key={name}>{t('bulk.topic', { name, count: String(qs.length) })}</li>)}</ul>
          </DialogContent>
        )}
      </Dialog>
    </PageFrame>
  );
}
