import { Button, PageFrame, Spinner } from '@lp/ui';
import { errorMessageOf } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { useFlagQueue } from '../flags/api.ts';
import { FlaggedQuestionCard } from '../flags/FlaggedQuestionCard.tsx';
import '../admin.css';
import '../flags/flags.css';

/** /admin-flags: questions students flagged, grouped by question (owner + admin elevation, enforced by svc-content). */
export function AdminQuestionFlagsPage() {
  const queue = useFlagQueue();
  const access = useAdminAccess();
  const [done, setDone] = useState<string | null>(null);
  const denied = isAccessRefused(queue.error);
  useEffect(() => { if (denied) access.refuse(); }, [denied, access]);

  return (
    <PageFrame title={heading('Flagged Questions')} subtitle="Questions students reported after answering. A question 3 or more students flagged is hidden from new quizzes until you act."
      actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      {denied ? null : (
        <div className="lp-flags">
          {done && <p role="status" className="lp-flags__done">{done}</p>}
          {queue.isPending && <Spinner label="Loading flagged questions..." />}
          {queue.error && !denied && <p role="alert">The flagged questions could not be loaded: {errorMessageOf(queue.error)}</p>}
          {queue.data && queue.data.questions.length === 0 && <p>No flagged questions. Nothing to review.</p>}
          {queue.data && queue.data.questions.length > 0 && (
            <ul aria-label="Flagged questions" className="lp-flags__list">
              {queue.data.questions.map((q) => <FlaggedQuestionCard key={q.questionId} item={q} onDone={setDone} />)}
            </ul>
          )}
        </div>
      )}
    </PageFrame>
  );
}
