import { Button, EmptyState, ErrorState, LoadingStatus, PageFrame, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks } from '../../api/index.ts';
import { heading } from '@lp/web-platform/heading';
import { TEST_QUIZ_TOPICS } from './sample-topics.ts';
import { useSampleTopics } from './useSampleTopics.ts';
import { useT } from '../../i18n/pages/index.ts';
import { CatalogueName, useClassNameIn, useNameIn } from '../../i18n/names.ts';
import '../dashboard/dashboard.css';

/** /test-quiz: three sample topics to try without an account; their names in Hindi where the catalogue has them. */
export function TestQuizPage() {
  const sample = useSampleTopics(TEST_QUIZ_TOPICS);
  const t = useT();
  const nameOf = useNameIn();
  const classOf = useClassNameIn();
  return (
    <PageFrame title={heading(t('test.title'))} subtitle={t('test.subtitle')} width="narrow">
      <h2 className="lp-visually-hidden">{t('test.sampleTopics')}</h2>
      {sample.isPending ? (
        <LoadingStatus label={t('test.loading')} className="lp-row-list">
          {TEST_QUIZ_TOPICS.map((spec) => (
            <Skeleton key={spec.topicName} height="4.5rem" />
          ))}
        </LoadingStatus>
      ) : sample.error ? (
        <ErrorState title={t('test.loadFailed')} message={sample.error.message} onRetry={sample.refetch} />
      ) : sample.topics.length === 0 ? (
        <EmptyState title={t('test.noneTitle')} description={t('test.noneDescription')} />
      ) : (
        <ul className="lp-row-list">
          {sample.topics.map((topic) => (
            <li key={topic.id} className="lp-row">
              <div className="lp-row__main">
                <h3 className="lp-row__title"><CatalogueName item={topic.names.topic} /></h3>
                <p className="lp-row__meta">
                  {t('test.meta', { className: classOf(topic.className), subject: nameOf(topic.names.subject), chapter: nameOf(topic.names.chapter), count: topic.questionCount })}
                </p>
              </div>
              <Button asChild variant="primary" size="sm">
                <Link to={quizLinks.topic(topic.id)} aria-label={t('test.startLabel', { name: nameOf(topic.names.topic) })}>
                  {t('test.start')}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t('test.more')} className="lp-link-row">
        <Link to="/simple-quiz">{t('test.demo')}</Link>
        <Link to="/admin-login">{t('test.adminLogin')}</Link>
        <Link to="/">{t('test.home')}</Link>
      </nav>
    </PageFrame>
  );
}
