import { memo } from 'react';
import type { SubscriptionStatus } from '@lp/contracts';
import { Badge, Button, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { quizLinks, useMistakeTotal, useSessionStats, useSubscriptionStatus } from '../../api/index.ts';
import { useStudyDays } from '../../api/study-days.ts';
import { consistencyLine } from './progress/consistency.ts';
import { t, useT } from '../../i18n/dashboard/index.ts';

/** `note`: a line under the label; null while it loads (its line is held, so nothing below moves when it comes). */
function Stat({ label, value, loading, note }: { label: string; value: number | undefined; loading: boolean; note?: string | null }) {
  return (
    <div className="lp-stat">
      <dt className="lp-stat__label">{label}</dt>
      <dd className="lp-stat__value">{loading ? <Skeleton width="3rem" height="1.75rem" /> : (value ?? '–')}</dd>
      {note !== undefined && <dd className="lp-stat__note">{note ?? <Skeleton width="12rem" height="1rem" />}</dd>}
    </div>
  );
}

export function subscriptionSummary(status: SubscriptionStatus): string {
  if (status.subscriptionStatus === 'active') return t('dashboard.planActive');
  const trial = status.trialQuizzesRemaining > 0 ? t('dashboard.trialLeft', { count: String(status.trialQuizzesRemaining) }) : t('dashboard.trialUsed');
  const state = status.subscriptionStatus === 'none' ? t('dashboard.freePlan') : t('dashboard.subscriptionState', { status: status.subscriptionStatus });
  return t('dashboard.planSummary', { state, trial });
}

/**
 * Signed-in learners: streak, questions answered, mistakes still to review, spaced review, and (for free users) the plan. Takes no props:
 * memoised, it renders again only for its own answers, not each time the dashboard does.
 */
export const StudyPanel = memo(function StudyPanel() {
  const stats = useSessionStats();
  // The consistency window forgives what the streak does not: a missed day costs one day of 30 (issue 32 §3).
  const studyWindow = useStudyDays();
  const mistakes = useMistakeTotal();
  const subscription = useSubscriptionStatus();
  const free = subscription.data !== undefined && subscription.data.subscriptionStatus !== 'active';
  const t = useT();

  return (
    <section className="lp-study-panel" aria-labelledby="study-panel-title">
      <h2 id="study-panel-title" className="lp-visually-hidden">
        {t('dashboard.yourStudy')}
      </h2>
      <dl className="lp-stats">
        <Stat label={t('dashboard.dayStreak')} value={stats.data?.currentStreak} loading={stats.isPending} note={studyWindow.data ? consistencyLine(studyWindow.data) : null} />
        <Stat label={t('dashboard.questionsAnswered')} value={stats.data?.totalQuestions} loading={stats.isPending} />
        <Stat label={t('dashboard.mistakesToReview')} value={mistakes.data?.totalMistakes} loading={mistakes.isPending} />
      </dl>
      {stats.isError && (
        <p className="lp-inline-error" role="alert">
          {t('dashboard.statsFailed')}{' '}
          <Button variant="link" size="sm" onClick={() => void stats.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </p>
      )}
      <div className="lp-study-panel__side">
        <Button asChild variant="secondary" size="sm">
          <Link to={quizLinks.review()}>{t('dashboard.spacedReview')}</Link>
        </Button>
        {subscription.isPending && (
          // The plan line and the Subscribe button take this room once they arrive: held from the first paint, so
          // the chapter cards below do not move down (layout shift on phones, issue 16).
          <>
            <Skeleton className="lp-plan--loading" height="3.9rem" />
            <Skeleton width="6.5rem" height="2rem" />
          </>
        )}
        {subscription.data && (
          <p className="lp-plan">
            {subscription.data.subscriptionStatus === 'active' ? <Badge variant="success">{t('dashboard.premium')}</Badge> : <Badge variant="muted">{t('dashboard.free')}</Badge>}{' '}
            <span>{subscriptionSummary(subscription.data)}</span>
          </p>
        )}
        {free && (
          <Button asChild variant="primary" size="sm">
            <Link to="/subscribe">{t('dashboard.subscribe')}</Link>
          </Button>
        )}
        {subscription.isError && (
          <p className="lp-inline-error" role="alert">
            {t('dashboard.planFailed')}{' '}
            <Button variant="link" size="sm" onClick={() => void subscription.refetch()}>
              {t('dashboard.retry')}
            </Button>
          </p>
        )}
      </div>
    </section>
  );
});
