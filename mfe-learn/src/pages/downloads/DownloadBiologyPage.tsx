import { useEffect, useRef, useState } from 'react';
import type { DownloadFile } from '@lp/contracts';
import { Button, EmptyState, ErrorState, LoadingStatus, PageFrame, Skeleton } from '@lp/ui';
import { downloadUrl, useDownloads } from '../../api/index.ts';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { BIOLOGY_DOWNLOADS, startDownload, startSpaced } from './download-files.ts';
import { useT } from '../../i18n/pages/index.ts';
import '../dashboard/dashboard.css';

const download = (file: DownloadFile) => startDownload(downloadUrl(file.filename), file.filename);

/** /download-biology: the Class XII Biology chapter files (upload format, answers included). */
export function DownloadBiologyPage() {
  const files = useDownloads(BIOLOGY_DOWNLOADS.className, BIOLOGY_DOWNLOADS.subjectName);
  const [started, setStarted] = useState<number | null>(null);
  const cancel = useRef<(() => void) | null>(null);
  const t = useT();
  useEffect(() => () => cancel.current?.(), []);

  const list = files.data ?? [];
  const total = list.reduce((sum, f) => sum + f.questionCount, 0);
  const running = started !== null && started < list.length;

  const downloadAll = () => {
    cancel.current?.();
    setStarted(0);
    cancel.current = startSpaced(list, download, { onStarted: setStarted });
  };

  return (
    <PageFrame
      title={heading(t('downloads.title'))}
      subtitle={t('downloads.subtitle')}
      width="narrow"
      actions={
        list.length > 0 ? (
          <Button variant="primary" onClick={downloadAll} disabled={running}>
            {running ? t('downloads.running', { started: String(started), total: String(list.length) }) : t('downloads.all')}
          </Button>
        ) : undefined
      }
    >
      {files.isPending ? (
        <LoadingStatus label={t('downloads.loading')} className="lp-row-list">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="4rem" />
          ))}
        </LoadingStatus>
      ) : files.isError ? (
        <ErrorState title={t('downloads.loadFailed')} message={errorTextOf(files.error)} onRetry={() => void files.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('downloads.noneTitle')} description={t('downloads.noneDescription')} />
      ) : (
        <>
          <p className="lp-muted">
            {t('downloads.meta', { files: String(list.length), questions: String(total) })}
          </p>
          <p role="status" aria-live="polite" className="lp-visually-hidden">
            {started !== null ? t('downloads.started', { started: String(started), total: String(list.length) }) : ''}
          </p>
          <ul className="lp-row-list" aria-label={t('downloads.list')}>
            {list.map((file) => (
              <li key={file.filename} className="lp-row">
                <div className="lp-row__main">
                  <h2 className="lp-row__title">{file.chapterName}</h2>
                  <p className="lp-row__meta">
                    {t('downloads.fileMeta', { count: String(file.questionCount), file: file.filename })}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a href={downloadUrl(file.filename)} download={file.filename} aria-label={t('downloads.label', { name: file.chapterName })}>
                    {t('downloads.one')}
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageFrame>
  );
}
