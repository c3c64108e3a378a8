import { Button, PageFrame, Spinner } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { useFlagQueue } from '../flags/api.ts';
import { FlaggedQuestionCard } from '../flags/FlaggedQuestionCard.tsx';
import { useT } from '../i18n/index.ts';
import '../admin.css';
import '../flags/flags.css';

/** /admin-flags: questions students flagged, grouped by question (owner + admin elevation, enforced by svc-content). */
export function AdminQuestionFlagsPage() {
  const queue = useFlagQueue();
  const access = useAdminAccess();
  const [done, setDone] = useState<string | null>(null);
  const t = useT();
  const denied = isAccessRefused(queue.error);
  useEffect(() => { if (denied) access.refuse(); }, [denied, access]);

  return (
    <PageFrame title={heading(t('flags.title'))} subtitle={t('flags.subtitle')}
      actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      {denied ? null : (
        <div className="lp-flags">
          {done && <p role="status" className="lp-flags__done">{done}</p>}
          {queue.isPending && <Spinner label={t('flags.loading')} />}
          {queue.error && !denied && <p role="alert">{t('flags.loadFailed', { error: errorTextOf(queue.error) })}</p>}
          {queue.data && queue.data.questions.length === 0 && <p>{t('flags.none')}</p>}
          {queue.data && queue.data.questions.length > 0 && (
            <ul aria-label={t('flags.list')} className="lp-flags__list">
              {queue.data.questions.map((q) => <FlaggedQuestionCard key={q.questionId} item={q} onDone={setDone} />)}
            </ul>
          )}
        </div>
      )}
    </PageFrame>
  );
}
