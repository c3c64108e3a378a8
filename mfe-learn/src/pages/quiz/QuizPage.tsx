/**
 * `/quiz/{id}` (topic id, or review, subject-mistakes, sample; query resume, chapter, type, subject)
 * and `/quiz/chapter/{chapterId}`: loads what the URL asks for, then runs the quiz, or shows an empty
 * state, the upgrade dialog or an error — never a blank page.
 */
import './quiz.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, EmptyState, ErrorState, PageFrame, Skeleton, Spinner } from '@lp/ui';
import { navigate, useSearchParams, useSession } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { loadQuiz, type EmptyKind, type QuizLoad } from './loadQuiz.ts';
import { getAnswerQueue, withKeptSitting } from './pageQueue.ts';
import { quizLinks } from '../../api/index.ts';
import { quizRequestOf } from './quizFlow.ts';
import { QuizRunner } from './QuizRunner.tsx';
import { UpgradeDialogHost } from './upgradeDialog.tsx';
import { en, t as translate, useT } from '../../i18n/quiz/index.ts';

// Answers a learner left queued on an earlier visit are sent as soon as the learn remote loads.
if (typeof window !== 'undefined') getAnswerQueue();

export function QuizPage({ params }: { params: { id?: string; chapterId?: string } }) {
  const search = useSearchParams().toString();
  const status = useSession((s) => s.status);
  const signedIn = useSession((s) => s.user !== null);
  const request = useMemo(() => quizRequestOf(params, new URLSearchParams(search)), [params, search]);
  const t = useT();

  if (status === 'loading') {
    return (
      <PageFrame title={heading(t('quiz.title'))}>
        <Spinner label={t('quiz.loading')} />
      </PageFrame>
    );
  }
  // A new URL is a new quiz: start from scratch.
  return <QuizScreen key={`${params.id ?? ''}|${params.chapterId ?? ''}|${search}|${signedIn}`} request={request} signedIn={signedIn} />;
}

function QuizScreen({ request, signedIn }: { request: ReturnType<typeof quizRequestOf>; signedIn: boolean }) {
  const [load, setLoad] = useState<QuizLoad | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [upgradeOpen, setUpgradeOpen] = useState(true);
  const t = useT();

  useEffect(() => {
    let live = true;
    setLoad(null);
    void loadQuiz(request, signedIn).then(
      (result) => {
        if (!live) return;
        if (result.kind === 'redirect') navigate(result.to, { replace: true });
        // Reloaded offline mid-quiz: the quiz goes on where the learner was, not from its first question.
        else if (result.kind === 'ready') setLoad({ ...result, plan: withKeptSitting(result.plan, useSession.getState().user?.id ?? null) });
        else setLoad(result);
      },
      (error: unknown) => {
        if (live) setLoad({ kind: 'error', title: translate('quiz.loadFailed'), message: errorTextOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [request, signedIn, attempt]);

  const showUpgrade = useCallback(() => {
    setLoad((current) => ({ kind: 'upgrade', chapterId: current?.kind === 'ready' ? current.plan.chapterId : null }));
    setUpgradeOpen(true);
  }, []);

  if (!load || load.kind === 'redirect') {
    return (
      <PageFrame title={heading(t('quiz.title'))}>
        <QuizSkeleton />
      </PageFrame>
    );
  }

  switch (load.kind) {
    case 'ready':
      return (
        <PageFrame title={heading(load.plan.title)} subtitle={load.plan.subtitle} documentTitle={load.plan.title}>
          <QuizRunner plan={load.plan} onUpgrade={showUpgrade} />
        </PageFrame>
      );
    case 'empty':
      return (
        <PageFrame title={heading(t('quiz.title'))}>
          <QuizEmptyState empty={load.empty} />
        </PageFrame>
      );
    case 'upgrade':
      return (
        <PageFrame title={heading(t('quiz.title'))}>
          <EmptyState
            title={t('quiz.upgradeTitle')}
            description={t('quiz.upgradeDescription')}
            action={<UpgradeActions chapterId={load.chapterId} />}
          />
          <UpgradeDialogHost open={upgradeOpen} onOpenChange={setUpgradeOpen} chapterId={load.chapterId ?? undefined} />
        </PageFrame>
      );
    case 'signin':
      return (
        <PageFrame title={heading(t('quiz.title'))}>
          <EmptyState
            title={t('quiz.signInTitle')}
            description={t('quiz.signInDescription')}
            action={
              <div className="lp-results__actions">
                <Button asChild>
                  <a href="/api/login">{t('quiz.signInWithGoogle')}</a>
                </Button>
                <ReturnToDashboard variant="outline" />
              </div>
            }
          />
        </PageFrame>
      );
    case 'completed':
      return (
        <PageFrame title={heading(t('quiz.title'))}>
          <EmptyState
            title={t('quiz.completedTitle')}
            description={t('quiz.completedDescription')}
            action={<ReturnToDashboard />}
          />
        </PageFrame>
      );
    case 'error':
      return (
        <PageFrame title={heading(t('quiz.title'))}>
          <ErrorState title={load.title} message={load.message} onRetry={() => setAttempt((n) => n + 1)} retryLabel={t('quiz.retry')} />
          <div className="lp-results__actions">
            <ReturnToDashboard variant="outline" />
          </div>
        </PageFrame>
      );
  }
}

function ReturnToDashboard({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  const t = useT();
  return (
    <Button variant={variant} onClick={() => navigate('/dashboard')}>
      {t('quiz.returnToDashboard')}
    </Button>
  );
}

function UpgradeActions({ chapterId }: { chapterId: string | null }) {
  const t = useT();
  return (
    <div className="lp-results__actions">
      {chapterId && (
        <Button variant="outline" onClick={() => navigate(quizLinks.sample(chapterId))}>
          {t('quiz.trySample')}
        </Button>
      )}
      <Button onClick={() => navigate('/subscribe')}>{t('quiz.subscribeNow')}</Button>
    </div>
  );
}

const EMPTY = {
  review: { title: 'quiz.emptyReviewTitle', description: 'quiz.emptyReviewDescription' },
  mistakes: { title: 'quiz.emptyMistakesTitle', description: 'quiz.emptyMistakesDescription' },
  questions: { title: 'quiz.emptyQuestionsTitle', description: 'quiz.emptyQuestionsDescription' },
} as const satisfies Record<EmptyKind, { title: keyof typeof en; description: keyof typeof en }>;

/** The empty states of spec §2, each with a return-to-dashboard button. */
export function QuizEmptyState({ empty }: { empty: EmptyKind }) {
  const t = useT();
  return <EmptyState title={t(EMPTY[empty].title)} description={t(EMPTY[empty].description)} action={<ReturnToDashboard />} />;
}

function QuizSkeleton() {
  const t = useT();
  return (
    <div className="lp-quiz" aria-busy="true">
      <Spinner label={t('quiz.loading')} />
      <Skeleton height="0.5rem" />
      <Skeleton height="1.5rem" width="80%" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
    </div>
  );
}
