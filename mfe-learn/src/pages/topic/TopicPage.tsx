import type { QuestionType, Topic } from '@lp/contracts';
import { Button, EmptyState, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { ApiError, Link } from '@lp/web-platform';
import { quizLinks, useCurrentUser, useMistakesByChapter, usePausedSession, useTopic } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { mistakeReviewDisabled } from '../dashboard/card-rules.ts';
import { withTrialNote } from '../trial/trial-rules.ts';
import { useStartUsesFreeTrial } from '../trial/useFreeTrial.ts';
import '../dashboard/dashboard.css';

export const TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  true_false: 'True / false',
  short_answer: 'Short answer',
};

function dashboardLink(topic: Topic) {
  const search = new URLSearchParams({ class: topic.chapter.subject.className, subject: topic.chapter.subject.id });
  return `/dashboard?${search.toString()}`;
}

function Breadcrumb({ topic }: { topic: Topic }) {
  return (
    <nav aria-label="Breadcrumb" className="lp-breadcrumb">
      <ol>
        <li>
          <Link to={dashboardLink(topic)}>{topic.chapter.subject.name}</Link>
        </li>
        <li>
          <Link to={`${dashboardLink(topic)}#chapter-${topic.chapter.id}`}>{topic.chapter.name}</Link>
        </li>
        <li aria-current="page">{topic.name}</li>
      </ol>
    </nav>
  );
}

function TopicFacts({ topic }: { topic: Topic }) {
  return (
    <dl className="lp-facts">
      <div className="lp-fact">
        <dt>Questions</dt>
        <dd>{topic.questionCount}</dd>
      </div>
      <div className="lp-fact">
        <dt>Easy questions</dt>
        <dd>{topic.easyPercentage}%</dd>
      </div>
      <div className="lp-fact">
        <dt>Hard questions</dt>
        <dd>{topic.hardPercentage}%</dd>
      </div>
      {(Object.keys(TYPE_LABELS) as QuestionType[]).map((type) => (
        <div className="lp-fact" key={type}>
          <dt>{TYPE_LABELS[type]}</dt>
          <dd>{topic.questionCountByType[type]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Review Mistakes, once a finished quiz left mistakes in this topic's chapter (signed in). */
function ReviewMistakes({ topic }: { topic: Topic }) {
  const { signedIn } = useCurrentUser();
  const mistakes = useMistakesByChapter(signedIn ? topic.chapter.subject.id : null);
  const paused = usePausedSession();
  const count = mistakes.data?.[topic.chapter.id] ?? 0;
  if (!signedIn || count === 0) return null;
  if (mistakeReviewDisabled({ count, signedIn, sessionPaused: Boolean(paused.data) })) {
    return (
      <Button variant="outline" disabled>
        Review Mistakes ({count})
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to={quizLinks.chapterMistakes(topic.id, topic.chapter.id)}>Review Mistakes ({count})</Link>
    </Button>
  );
}

function TopicLoading() {
  return (
    <div className="lp-page" aria-busy="true" aria-label="Loading topic">
      <h1 className="lp-visually-hidden">Loading topic</h1>
      <Skeleton height="1rem" width="40%" />
      <Skeleton height="2.5rem" width="60%" />
      <Skeleton height="1.25rem" width="80%" />
      <div className="lp-facts lp-facts--loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="4.5rem" />
        ))}
      </div>
    </div>
  );
}

/** /topic/{id}: what a topic holds, and the way into its quiz. */
export function TopicPage({ params }: { params: { id?: string } }) {
  const topic = useTopic(params.id);
  const usesTrial = useStartUsesFreeTrial();

  if (topic.isPending) return <TopicLoading />;

  if (topic.isError) {
    const missing = topic.error instanceof ApiError && (topic.error.status === 404 || topic.error.status === 400);
    return (
      <PageFrame title={heading('Topic Not Found')} width="narrow">
        {missing ? (
          <EmptyState
            title="This topic does not exist"
            description="It may have been removed, or the link is mistyped."
            action={
              <Button asChild variant="primary">
                <Link to="/dashboard">Back to Dashboard</Link>
              </Button>
            }
          />
        ) : (
          <>
            <ErrorState message={`The topic could not be loaded (${topic.error.message}).`} onRetry={() => void topic.refetch()} />
            <p>
              <Link to="/dashboard">Back to Dashboard</Link>
            </p>
          </>
        )}
      </PageFrame>
    );
  }

  const t = topic.data;
  const noQuestions = t.questionCount === 0;
  return (
    <PageFrame
      title={heading(t.name)}
      subtitle={t.description || undefined}
      documentTitle={`${t.name} · ${t.chapter.name}`}
      width="narrow"
    >
      <Breadcrumb topic={t} />
      <TopicFacts topic={t} />
      <div className="lp-link-row">
        {noQuestions ? (
          <Button variant="primary" size="lg" disabled aria-describedby="no-questions-hint">
            Start Studying
          </Button>
        ) : (
          <Button asChild variant="primary" size="lg">
            <Link to={quizLinks.topic(t.id)}>{withTrialNote('Start Studying', usesTrial)}</Link>
          </Button>
        )}
        <ReviewMistakes topic={t} />
        <Button asChild variant="outline" size="lg">
          <Link to={dashboardLink(t)}>Back to Dashboard</Link>
        </Button>
      </div>
      {noQuestions && (
        <p id="no-questions-hint" className="lp-muted">
          This topic has no questions yet.
        </p>
      )}
    </PageFrame>
  );
}
