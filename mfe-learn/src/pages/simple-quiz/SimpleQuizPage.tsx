import { Button, EmptyState, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useTopic } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { SIMPLE_QUIZ_TOPIC } from '../test-quiz/sample-topics.ts';
import { useSampleTopics } from '../test-quiz/useSampleTopics.ts';
import '../dashboard/dashboard.css';

const SPECS = [SIMPLE_QUIZ_TOPIC];

function TopicDetails({ id }: { id: string }) {
  const topic = useTopic(id);
  if (topic.isPending) return <Skeleton height="6rem" />;
  if (topic.isError) return <ErrorState message={`The topic could not be loaded (${topic.error.message}).`} onRetry={() => void topic.refetch()} />;
  const t = topic.data;
  return (
    <section className="lp-row" aria-labelledby="simple-topic-title">
      <div className="lp-row__main">
        <h2 id="simple-topic-title" className="lp-row__title">
          {t.name}
        </h2>
        {t.description && <p className="lp-row__meta">{t.description}</p>}
        <p className="lp-row__meta">
          {t.chapter.subject.className} · {t.chapter.subject.name} · {t.chapter.name} · {t.questionCount} questions
        </p>
      </div>
      <Button asChild variant="primary">
        <Link to={quizLinks.topic(t.id)}>Start Quiz</Link>
      </Button>
    </section>
  );
}

/** /simple-quiz: one fixed demo topic and its quiz. */
export function SimpleQuizPage() {
  const sample = useSampleTopics(SPECS);
  const topic = sample.topics[0];
  return (
    <PageFrame title={heading('Simple Quiz')} subtitle="One topic, one quiz: a quick way to try the quiz runner." width="narrow">
      {sample.isPending ? (
        <Skeleton height="6rem" />
      ) : sample.error ? (
        <ErrorState title="Could not load the topic" message={sample.error.message} onRetry={sample.refetch} />
      ) : !topic ? (
        <EmptyState title="No topic available" description="The demo topic appears here once content has been uploaded by admin." />
      ) : (
        <TopicDetails id={topic.id} />
      )}
      <p>
        <Link to="/test-quiz">More sample topics</Link>
      </p>
    </PageFrame>
  );
}
