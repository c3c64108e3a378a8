import { Button, EmptyState, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { TEST_QUIZ_TOPICS } from './sample-topics.ts';
import { useSampleTopics } from './useSampleTopics.ts';
import '../dashboard/dashboard.css';

/** /test-quiz: three sample topics to try without an account. */
export function TestQuizPage() {
  const sample = useSampleTopics(TEST_QUIZ_TOPICS);
  return (
    <PageFrame title={heading('Test Quiz')} subtitle="Try a sample topic without an account." width="narrow">
      <h2 className="lp-visually-hidden">Sample topics</h2>
      {sample.isPending ? (
        <div aria-busy="true" aria-label="Loading sample topics" className="lp-row-list">
          {TEST_QUIZ_TOPICS.map((spec) => (
            <Skeleton key={spec.topicName} height="4.5rem" />
          ))}
        </div>
      ) : sample.error ? (
        <ErrorState title="Could not load the sample topics" message={sample.error.message} onRetry={sample.refetch} />
      ) : sample.topics.length === 0 ? (
        <EmptyState title="No sample topics yet" description="Sample topics appear here once content has been uploaded by admin." />
      ) : (
        <ul className="lp-row-list">
          {sample.topics.map((topic) => (
            <li key={topic.id} className="lp-row">
              <div className="lp-row__main">
                <h3 className="lp-row__title">{topic.name}</h3>
                <p className="lp-row__meta">
                  {topic.className} · {topic.subjectName} · {topic.chapterName} · {topic.questionCount} questions
                </p>
              </div>
              <Button asChild variant="primary" size="sm">
                <Link to={quizLinks.topic(topic.id)} aria-label={`Start Quiz: ${topic.name}`}>
                  Start Quiz
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="More" className="lp-link-row">
        <Link to="/simple-quiz">A quick demo quiz</Link>
        <Link to="/admin-login">Admin login</Link>
        <Link to="/">Back to the home page</Link>
      </nav>
    </PageFrame>
  );
}
