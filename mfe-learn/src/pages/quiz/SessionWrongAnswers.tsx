import { lazy, Suspense } from 'react';
import type { Question } from '@lp/contracts';
import { Button, LoadingStatus, Skeleton } from '@lp/ui';
import { ApiError } from '@lp/web-platform';
import { useSessionIncorrectQuestions } from '../../api/index.ts';
import { useT } from '../../i18n/dashboard/index.ts';
import './session-wrong-answers.css';

// The dashboard's history dialog shows these lists: the notation code comes with a list, not with the dashboard.
const RichText = lazy(() => import('@lp/ui/rich-text').then((m) => ({ default: m.RichText })));

/**
 * The questions a finished quiz's learner got wrong, from the server (GET /api/sessions/{id}/incorrect-questions):
 * the history dialog's review of an old quiz, and the results screen's for answers given before a pause (another
 * visit, maybe another device). No answer keys come with them: the way to the answers is the mistake review.
 * `known`: questions the screen already shows, left out.
 */
export function SessionWrongAnswers({ sessionId, known, label }: { sessionId: string; known?: ReadonlySet<string>; label: string }) {
  const wrong = useSessionIncorrectQuestions(sessionId);
  const t = useT();
  if (wrong.isPending) {
    return (
      <LoadingStatus label={t('dashboard.loadingWrong')}>
        <Skeleton height="2.5rem" />
      </LoadingStatus>
    );
  }
  if (wrong.isError) {
    // A retaken quiz's session is deleted with its answers.
    if (wrong.error instanceof ApiError && wrong.error.status === 404) return <p className="lp-muted">{t('dashboard.wrongRetaken')}</p>;
    return (
      <p className="lp-inline-error" role="alert">
        {t('dashboard.wrongFailed')}{' '}
        <Button variant="link" size="sm" onClick={() => void wrong.refetch()}>
          {t('dashboard.retry')}
        </Button>
      </p>
    );
  }
  const shown = wrong.data.filter((q) => !known?.has(q.id));
  if (shown.length === 0) return known ? null : <p className="lp-muted">{t('dashboard.wrongNone')}</p>;
  return <WrongQuestionList questions={shown} label={label} />;
}

/** Questions answered wrongly, as the server lists them: the question and its options, no answer. */
export function WrongQuestionList({ questions, label }: { questions: readonly Question[]; label: string }) {
  return (
    <Suspense fallback={<Skeleton height="2.5rem" />}>
    <ol className="lp-wrong-list" aria-label={label}>
      {questions.map((q) => (
        <li key={q.id}>
          <RichText text={q.question} />
          {q.options.length > 0 && <span className="lp-muted"> (<RichText text={q.options.join(' · ')} />)</span>}
        </li>
      ))}
    </ol>
    </Suspense>
  );
}
