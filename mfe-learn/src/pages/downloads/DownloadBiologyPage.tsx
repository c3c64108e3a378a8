import { useEffect, useRef, useState } from 'react';
import type { DownloadFile } from '@lp/contracts';
import { Button, EmptyState, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { downloadUrl, useDownloads } from '../../api/index.ts';
import { errorMessageOf } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { BIOLOGY_DOWNLOADS, startDownload, startSpaced } from './download-files.ts';
import '../dashboard/dashboard.css';

const download = (file: DownloadFile) => startDownload(downloadUrl(file.filename), file.filename);

/** /download-biology: the Class XII Biology chapter files (upload format, answers included). */
export function DownloadBiologyPage() {
  const files = useDownloads(BIOLOGY_DOWNLOADS.className, BIOLOGY_DOWNLOADS.subjectName);
  const [started, setStarted] = useState<number | null>(null);
  const cancel = useRef<(() => void) | null>(null);
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
      title={heading('Biology Chapter Downloads')}
      subtitle="Class XII Biology question sets, chapter by chapter, as JSON files with answers and explanations."
      width="narrow"
      actions={
        list.length > 0 ? (
          <Button variant="primary" onClick={downloadAll} disabled={running}>
            {running ? `Downloading ${started} of ${list.length}…` : 'Download All'}
          </Button>
        ) : undefined
      }
    >
      {files.isPending ? (
        <div aria-busy="true" aria-label="Loading chapter files" className="lp-row-list">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="4rem" />
          ))}
        </div>
      ) : files.isError ? (
        <ErrorState title="Could not load the chapter files" message={errorMessageOf(files.error)} onRetry={() => void files.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No chapter files yet" description="Chapter files appear here once Biology content has been uploaded by admin." />
      ) : (
        <>
          <p className="lp-muted">
            {list.length} chapter files · {total} questions
          </p>
          <p role="status" aria-live="polite" className="lp-visually-hidden">
            {started !== null ? `${started} of ${list.length} downloads started` : ''}
          </p>
          <ul className="lp-row-list" aria-label="Chapter files">
            {list.map((file) => (
              <li key={file.filename} className="lp-row">
                <div className="lp-row__main">
                  <h2 className="lp-row__title">{file.chapterName}</h2>
                  <p className="lp-row__meta">
                    {file.questionCount} questions · {file.filename}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a href={downloadUrl(file.filename)} download={file.filename} aria-label={`Download ${file.chapterName}`}>
                    Download
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
