import type { QuestionType, Topic } from '@lp/contracts';
import { Button, EmptyState, ErrorState, LoadingStatus, PageFrame, Skeleton } from '@lp/ui';
import { ApiError, Link } from '@lp/web-platform';
import { quizLinks, useCurrentUser, useMistakesByChapter, usePausedSession, useTopic } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { mistakeReviewDisabled } from '../dashboard/card-rules.ts';
import { withTrialNote } from '../trial/trial-rules.ts';
import { useStartUsesFreeTrial } from '../trial/useFreeTrial.ts';
import { en, useT } from '../../i18n/pages/index.ts';
import '../dashboard/dashboard.css';
import { CatalogueName, useNameIn } from '../../i18n/names.ts';
import { useI18n } from '@lp/web-platform/i18n';

export const TYPE_LABELS = {
  multiple_choice: 'topic.multipleChoice',
  true_false: 'topic.trueFalse',
  short_answer: 'topic.shortAnswer',
} as const satisfies Record<QuestionType, keyof typeof en>;

function dashboardLink(topic: Topic) {
  const search = new URLSearchParams({ class: topic.chapter.subject.className, subject: topic.chapter.subject.id });
  return `/dashboard?${search.toString()}`;
}

function Breadcrumb({ topic }: { topic: Topic }) {
  const t = useT();
  return (
    <nav aria-label={t('topic.breadcrumb')} className="lp-breadcrumb">
      <ol>
        <li>
          <Link to={dashboardLink(topic)}>
            <CatalogueName item={topic.chapter.subject} />
          </Link>
        </li>
        <li>
          <Link to={`${dashboardLink(topic)}#chapter-${topic.chapter.id}`}>
            <CatalogueName item={topic.chapter} />
          </Link>
        </li>
        <li aria-current="page">
          <CatalogueName item={topic} />
        </li>
      </ol>
    </nav>
  );
}

function TopicFacts({ topic }: { topic: Topic }) {
  const t = useT();
  return (
    <dl className="lp-facts">
      <div className="lp-fact">
        <dt>{t('topic.questions')}</dt>
        <dd>{topic.questionCount}</dd>
      </div>
      <div className="lp-fact">
        <dt>{t('topic.easy')}</dt>
        <dd>{topic.easyPercentage}%</dd>
      </div>
      <div className="lp-fact">
        <dt>{t('topic.hard')}</dt>
        <dd>{topic.hardPercentage}%</dd>
      </div>
      {(Object.keys(TYPE_LABELS) as QuestionType[]).map((type) => (
        <div className="lp-fact" key={type}>
          <dt>{t(TYPE_LABELS[type])}</dt>
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
  const t = useT();
  const count = mistakes.data?.[topic.chapter.id] ?? 0;
  if (!signedIn || count === 0) return null;
  if (mistakeReviewDisabled({ count, signedIn, sessionPaused: Boolean(paused.data) })) {
    return (
      <Button variant="outline" disabled>
        {t('topic.reviewMistakes', { count: String(count) })}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to={quizLinks.chapterMistakes(topic.id, topic.chapter.id)}>{t('topic.reviewMistakes', { count: String(count) })}</Link>
    </Button>
  );
}

function TopicLoading() {
  const t = useT();
  return (
    <LoadingStatus className="lp-page" label={t('topic.loading')}>
      <h1 className="lp-visually-hidden">{t('topic.loading')}</h1>
      <Skeleton height="1rem" width="40%" />
      <Skeleton height="2.5rem" width="60%" />
      <Skeleton height="1.25rem" width="80%" />
      <div className="lp-facts lp-facts--loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="4.5rem" />
        ))}
      </div>
    </LoadingStatus>
  );
}

/** /topic/{id}: what a topic holds, and the way into its quiz. */
export function TopicPage({ params }: { params: { id?: string } }) {
  const topic = useTopic(params.id);
  const usesTrial = useStartUsesFreeTrial();
  const t = useT();
  const nameOf = useNameIn();
  const language = useI18n((s) => s.language);

  if (topic.isPending) return <TopicLoading />;

  if (topic.isError) {
    const missing = topic.error instanceof ApiError && (topic.error.status === 404 || topic.error.status === 400);
    return (
      <PageFrame title={heading(t('topic.notFound'))} width="narrow">
        {missing ? (
          <EmptyState
            title={t('topic.missingTitle')}
            description={t('topic.missingDescription')}
            action={
              <Button asChild variant="primary">
                <Link to="/dashboard">{t('topic.backToDashboard')}</Link>
              </Button>
            }
          />
        ) : (
          <>
            <ErrorState message={t('topic.loadFailed', { error: topic.error.message })} onRetry={() => void topic.refetch()} retryLabel={t('topic.retry')} />
            <p>
              <Link to="/dashboard">{t('topic.backToDashboard')}</Link>
            </p>
          </>
        )}
      </PageFrame>
    );
  }

  const data = topic.data;
  const noQuestions = data.questionCount === 0;
  return (
    <PageFrame
      title={heading(nameOf(data))}
      subtitle={(language === 'hi' && data.hi?.description) || data.description || undefined}
      documentTitle={`${nameOf(data)} · ${nameOf(data.chapter)}`}
      width="narrow"
    >
      <Breadcrumb topic={data} />
      <TopicFacts topic={data} />
      <div className="lp-link-row">
        {noQuestions ? (
          <Button variant="primary" size="lg" disabled aria-describedby="no-questions-hint">
            {t('topic.start')}
          </Button>
        ) : (
          <Button asChild variant="primary" size="lg">
            <Link to={quizLinks.topic(data.id)}>{withTrialNote(t('topic.start'), usesTrial)}</Link>
          </Button>
        )}
        <ReviewMistakes topic={data} />
        <Button asChild variant="outline" size="lg">
          <Link to={dashboardLink(data)}>{t('topic.backToDashboard')}</Link>
        </Button>
      </div>
      {noQuestions && (
        <p id="no-questions-hint" className="lp-muted">
          {t('topic.noQuestions')}
        </p>
      )}
    </PageFrame>
  );
}
