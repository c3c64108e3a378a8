import { Button, EmptyState, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useTopic } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { SIMPLE_QUIZ_TOPIC } from '../test-quiz/sample-topics.ts';
import { useSampleTopics } from '../test-quiz/useSampleTopics.ts';
import { useT } from '../../i18n/pages/index.ts';
import { CatalogueName, useClassNameIn, useNameIn } from '../../i18n/names.ts';
import '../dashboard/dashboard.css';

const SPECS = [SIMPLE_QUIZ_TOPIC];

function TopicDetails({ id }: { id: string }) {
  const topic = useTopic(id);
  const t = useT();
  const nameOf = useNameIn();
  const classOf = useClassNameIn();
  if (topic.isPending) return <Skeleton height="6rem" />;
  if (topic.isError) return <ErrorState message={t('topic.loadFailed', { error: topic.error.message })} onRetry={() => void topic.refetch()} retryLabel={t('topic.retry')} />;
  const data = topic.data;
  // The Hindi description goes with the Hindi name (shown only when the name is).
  const description = nameOf(data) !== data.name && data.hi?.description ? data.hi.description : data.description;
  return (
    <section className="lp-row" aria-labelledby="simple-topic-title">
      <div className="lp-row__main">
        <h2 id="simple-topic-title" className="lp-row__title">
          <CatalogueName item={data} />
        </h2>
        {description && <p className="lp-row__meta">{description}</p>}
        <p className="lp-row__meta">
          {t('test.meta', { className: classOf(data.chapter.subject.className), subject: nameOf(data.chapter.subject), chapter: nameOf(data.chapter), count: data.questionCount })}
        </p>
      </div>
      <Button asChild variant="primary">
        <Link to={quizLinks.topic(data.id)}>{t('test.start')}</Link>
      </Button>
    </section>
  );
}

/** /simple-quiz: one fixed demo topic and its quiz. */
export function SimpleQuizPage() {
  const sample = useSampleTopics(SPECS);
  const topic = sample.topics[0];
  const t = useT();
  return (
    <PageFrame title={heading(t('simple.title'))} subtitle={t('simple.subtitle')} width="narrow">
      {sample.isPending ? (
        <Skeleton height="6rem" />
      ) : sample.error ? (
        <ErrorState title={t('simple.loadFailed')} message={sample.error.message} onRetry={sample.refetch} />
      ) : !topic ? (
        <EmptyState title={t('simple.noneTitle')} description={t('simple.noneDescription')} />
      ) : (
        <TopicDetails id={topic.id} />
      )}
      <p>
        <Link to="/test-quiz">{t('simple.more')}</Link>
      </p>
    </PageFrame>
  );
}
