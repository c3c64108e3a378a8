/**
 * `/quiz/{id}` (topic id, or review, subject-mistakes, sample; query resume, chapter, type, subject)
 * and `/quiz/chapter/{chapterId}`: loads what the URL asks for, then runs the quiz, or shows an empty
 * state, the upgrade dialog or an error — never a blank page.
 */
import './quiz.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, EmptyState, ErrorState, PageFrame, Skeleton, Spinner } from '@lp/ui';
import { errorMessageOf, navigate, useSearchParams, useSession } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { loadQuiz, type EmptyKind, type QuizLoad } from './loadQuiz.ts';
import { getAnswerQueue } from './pageQueue.ts';
import { quizLinks } from '../../api/index.ts';
import { quizRequestOf } from './quizFlow.ts';
import { QuizRunner } from './QuizRunner.tsx';
import { UpgradeDialogHost } from './upgradeDialog.tsx';

// Answers a learner left queued on an earlier visit are sent as soon as the learn remote loads.
if (typeof window !== 'undefined') getAnswerQueue();

export function QuizPage({ params }: { params: { id?: string; chapterId?: string } }) {
  const search = useSearchParams().toString();
  const status = useSession((s) => s.status);
  const signedIn = useSession((s) => s.user !== null);
  const request = useMemo(() => quizRequestOf(params, new URLSearchParams(search)), [params, search]);

  if (status === 'loading') {
    return (
      <PageFrame title={heading('Quiz')}>
        <Spinner label="Loading quiz..." />
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

  useEffect(() => {
    let live = true;
    setLoad(null);
    void loadQuiz(request, signedIn).then(
      (result) => {
        if (!live) return;
        if (result.kind === 'redirect') navigate(result.to, { replace: true });
        else setLoad(result);
      },
      (error: unknown) => {
        if (live) setLoad({ kind: 'error', title: 'Could not load the quiz', message: errorMessageOf(error) });
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
      <PageFrame title={heading('Quiz')}>
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
        <PageFrame title={heading('Quiz')}>
          <QuizEmptyState empty={load.empty} />
        </PageFrame>
      );
    case 'upgrade':
      return (
        <PageFrame title={heading('Quiz')}>
          <EmptyState
            title="Subscribe to take this quiz"
            description="Full chapter and topic quizzes are part of the premium subscription, and your free trial quiz has been used. A sample quiz of 10 random questions is free."
            action={<UpgradeActions chapterId={load.chapterId} />}
          />
          <UpgradeDialogHost open={upgradeOpen} onOpenChange={setUpgradeOpen} chapterId={load.chapterId ?? undefined} />
        </PageFrame>
      );
    case 'signin':
      return (
        <PageFrame title={heading('Quiz')}>
          <EmptyState
            title="Sign in to continue"
            description="Mistake review, spaced review and saved quizzes keep your own progress. Sign in to use them, or try a sample quiz from the dashboard."
            action={
              <div className="lp-results__actions">
                <Button asChild>
                  <a href="/api/login">Sign in with Google</a>
                </Button>
                <ReturnToDashboard variant="outline" />
              </div>
            }
          />
        </PageFrame>
      );
    case 'completed':
      return (
        <PageFrame title={heading('Quiz')}>
          <EmptyState
            title="Quiz Already Completed"
            description="This quiz was finished earlier. Start a new one from the dashboard."
            action={<ReturnToDashboard />}
          />
        </PageFrame>
      );
    case 'error':
      return (
        <PageFrame title={heading('Quiz')}>
          <ErrorState title={load.title} message={load.message} onRetry={() => setAttempt((n) => n + 1)} />
          <div className="lp-results__actions">
            <ReturnToDashboard variant="outline" />
          </div>
        </PageFrame>
      );
  }
}

function ReturnToDashboard({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  return (
    <Button variant={variant} onClick={() => navigate('/dashboard')}>
      Return to Dashboard
    </Button>
  );
}

function UpgradeActions({ chapterId }: { chapterId: string | null }) {
  return (
    <div className="lp-results__actions">
      {chapterId && (
        <Button variant="outline" onClick={() => navigate(quizLinks.sample(chapterId))}>
          Try Sample Quiz
        </Button>
      )}
      <Button onClick={() => navigate('/subscribe')}>Subscribe Now</Button>
    </div>
  );
}

const EMPTY: Record<EmptyKind, { title: string; description: string }> = {
  review: {
    title: 'No Review Needed!',
    description: 'No questions are due for spaced review right now. Questions you answer come back here when it is time to review them.',
  },
  mistakes: { title: 'No Mistakes to Review!', description: 'No mistakes to review: You got all questions correct!' },
  questions: { title: 'No Questions Available', description: 'No questions available.' },
};

/** The empty states of spec §2, each with a return-to-dashboard button. */
export function QuizEmptyState({ empty }: { empty: EmptyKind }) {
  return <EmptyState title={EMPTY[empty].title} description={EMPTY[empty].description} action={<ReturnToDashboard />} />;
}

function QuizSkeleton() {
  return (
    <div className="lp-quiz" aria-busy="true">
      <Spinner label="Loading quiz..." />
      <Skeleton height="0.5rem" />
      <Skeleton height="1.5rem" width="80%" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
    </div>
  );
}
