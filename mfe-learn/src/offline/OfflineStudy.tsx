/**
 * What a signed-in learner sees on a learn page that needs the network (the dashboard, a topic, exam dates) when there
 * is none (issue 33 §2), instead of an error: that they are offline, the chapters downloaded on this device (each with
 * a link to its quiz, which works offline) and the answers waiting to be sent. A lazy chunk: only loaded offline.
 */
import { useEffect, useState } from 'react';
import { Link, useSession } from '@lp/web-platform';
import { EmptyState, PageFrame } from '@lp/ui';
import { heading } from '@lp/web-platform/heading';
import { useSaveStatus, waitingText } from '../pages/quiz/answerQueue.ts';
import { getAnswerQueue } from '../pages/quiz/pageQueue.ts';
import { useT } from '../i18n/dashboard/index.ts';
import { CatalogueName } from '../i18n/names.ts';
import { chapterDownloads, type DownloadedChapter } from './chapter-download.ts';
import { clockTime } from './clock-time.ts';
import './offline.css';

export function OfflinePage() {
  const t = useT();
  const userId = useSession((s) => s.user?.id ?? null);
  return (
    <PageFrame title={heading(t('offline.title'))}>
      {userId && <OfflineStudy userId={userId} />}
    </PageFrame>
  );
}

export function OfflineStudy({ userId }: { userId: string }) {
  const t = useT();
  const queue = getAnswerQueue();
  useSaveStatus(queue); // re-renders as answers wait and are sent
  const [downloads, setDownloads] = useState<DownloadedChapter[] | null>(null);

  useEffect(() => {
    let live = true;
    chapterDownloads(userId).then((found) => live && setDownloads(found), () => live && setDownloads([]));
    return () => {
      live = false;
    };
  }, [userId]);

  const waiting = waitingText(queue.pendingCount(userId), queue.lastSentAt(), clockTime);
  return (
    <section className="lp-offline" aria-label={t('offline.title')}>
      <p>{t('offline.intro')}</p>
      {waiting && (
        <p className="lp-offline__waiting" role="status" data-testid="answers-waiting">
          {waiting}
        </p>
      )}
      {downloads === null ? null : downloads.length === 0 ? (
        <EmptyState title={t('offline.noneTitle')} description={t('offline.none')} />
      ) : (
        <ul className="lp-offline__chapters" aria-label={t('offline.downloaded')}>
          {downloads.map(({ chapter, questionCount }) => (
            <li key={chapter.id} className="lp-offline__chapter">
              <span className="lp-offline__name">
                <CatalogueName item={chapter} />
              </span>
              <span className="lp-offline__meta">
                <CatalogueName item={chapter.subject} /> · {t('dashboard.questionCount', { count: String(questionCount) })}
              </span>
              <Link className="lp-offline__take" to={`/quiz/chapter/${chapter.id}`} aria-label={t('offline.takeLabel', { name: chapter.name })}>
                {t('offline.take')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
