// The free trial said out loud (issue 31 §8): start buttons that would spend it say so; the trial quiz's results offer
// the plan with its price and a link to /subscribe. The API is faked at fetch.
import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { SubscriptionStatus, Topic } from '@lp/contracts';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import { QuizResults } from '../src/pages/quiz/QuizResults.tsx';
import type { QuizPlan } from '../src/pages/quiz/loadQuiz.ts';
import { TopicPage } from '../src/pages/topic/TopicPage.tsx';
import { isTrialQuiz } from '../src/pages/trial/trial-results.ts';
import { startUsesFreeTrial, withTrialNote } from '../src/pages/trial/trial-rules.ts';
import { chapter, id, mockApi, freshDashboardPerTest, renderPage, signInAs, subject } from './support.tsx';

const biology = subject(1, 'Biology', 'CBSE Class 12', [chapter(20, 'Evolution', [{ n: 21, name: 'Origin of Life', questions: 11 }])]);
const FREE_WITH_TRIAL: SubscriptionStatus = { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'none' };
const TRIAL_USED: SubscriptionStatus = { canTakeQuiz: false, trialQuizzesRemaining: 0, quizzesCompleted: 1, subscriptionStatus: 'none' };
const SUBSCRIBED: SubscriptionStatus = { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 4, subscriptionStatus: 'active' };

function api(status: SubscriptionStatus, extra: Record<string, object> = {}) {
  return mockApi({
    'GET /api/subjects/with-chapters': [biology],
    'GET /api/sessions/paused': [],
    'GET /api/sessions/stats': { currentStreak: 0, totalQuestions: 0 },
    'GET /api/subscription/status': status,
    'GET /api/mistakes/by-chapter': {},
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'POST /api/chapters/progress/batch': {},
    ...extra,
  });
}

freshDashboardPerTest();

describe('free trial rules', () => {
  it('a start spends the trial only for a free learner who still has it', () => {
    expect(startUsesFreeTrial(FREE_WITH_TRIAL)).toBe(true);
    expect(startUsesFreeTrial(TRIAL_USED)).toBe(false);
    expect(startUsesFreeTrial(SUBSCRIBED)).toBe(false);
    expect(startUsesFreeTrial(undefined)).toBe(false);
    expect(withTrialNote('Start Studying', true)).toBe('Start Studying — uses your one free quiz');
    expect(withTrialNote('Start Studying', false)).toBe('Start Studying');
  });

  it("a saved full or topic quiz of a learner who is not subscribed, the trial spent, is the trial's", () => {
    expect(isTrialQuiz({ mode: 'full', sessionId: 's', status: TRIAL_USED })).toBe(true);
    expect(isTrialQuiz({ mode: 'topic', sessionId: 's', status: TRIAL_USED })).toBe(true);
    expect(isTrialQuiz({ mode: 'full', sessionId: 's', status: SUBSCRIBED })).toBe(false);
    expect(isTrialQuiz({ mode: 'sample', sessionId: null, status: TRIAL_USED })).toBe(false);
    expect(isTrialQuiz({ mode: 'full', sessionId: null, status: TRIAL_USED })).toBe(false);
    expect(isTrialQuiz({ mode: 'full', sessionId: 's', status: undefined })).toBe(false);
  });
});

describe('start buttons that would use the free trial say so', () => {
  it('on the chapter card of a free learner with the trial left', async () => {
    signInAs();
    api(FREE_WITH_TRIAL);
    renderPage(<DashboardPage />);
    const card = await screen.findByRole('article', { name: 'Evolution' }, { timeout: 5000 });
    const start = await within(card).findByRole('link', { name: 'Full Chapter Quiz: Evolution — uses your one free quiz' });
    expect(start.textContent).toBe('Full Chapter Quiz — uses your one free quiz');
    expect(start.getAttribute('href')).toBe(`/quiz/chapter/${id(20)}`);
  });

  it('not for a subscriber', async () => {
    signInAs();
    api(SUBSCRIBED);
    renderPage(<DashboardPage />);
    const card = await screen.findByRole('article', { name: 'Evolution' }, { timeout: 5000 });
    await screen.findByText('Premium');
    expect(within(card).getByRole('link', { name: 'Full Chapter Quiz: Evolution' }).textContent).toBe('Full Chapter Quiz');
  });

  it("on the topic page's Start Studying", async () => {
    signInAs();
    const topic: Topic = {
      id: id(21), name: 'Origin of Life', description: '', order: 1, questionCount: 11, easyPercentage: 40, hardPercentage: 20,
      questionCountByType: { multiple_choice: 11, true_false: 0, short_answer: 0 },
      chapter: { id: id(20), name: 'Evolution', subject: { id: id(1), name: 'Biology', className: 'CBSE Class 12' } },
    };
    api(FREE_WITH_TRIAL, { [`GET /api/topics/${id(21)}`]: topic });
    renderPage(<TopicPage params={{ id: id(21) }} />);
    expect((await screen.findByRole('link', { name: 'Start Studying — uses your one free quiz' })).getAttribute('href')).toBe(`/quiz/${id(21)}`);
  });
});

describe("the trial quiz's results offer the plan", () => {
  const plan: QuizPlan = { mode: 'full', title: 'Evolution', questions: [], chapterId: id(20), topicId: null, subjectId: id(1), topics: [] };
  const session = id(0xabc);
  const results = (over: Partial<QuizPlan> = {}, sessionId: string | null = session) =>
    renderPage(<QuizResults plan={{ ...plan, ...over }} sessionId={sessionId} answered={5} correct={4} seconds={90} skipped={0} answers={[]} />);

  it('says what the plan adds, with its price in rupees and a link to /subscribe', async () => {
    signInAs();
    api(TRIAL_USED, { [`GET /api/sessions/${session}/incorrect-questions`]: [] });
    results();
    const offer = (await screen.findByRole('heading', { name: 'That was your free quiz' })).closest('section')!;
    expect(within(offer).getByText('The yearly plan adds, for ₹500 a year:')).toBeTruthy();
    expect(within(offer).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Full chapter and topic quizzes in every subject', 'Progress tracking and spaced revision', 'Mistake review and review sessions', 'Friend challenges',
    ]);
    expect(within(offer).getByRole('link', { name: 'Subscribe for ₹500 a year' }).getAttribute('href')).toBe('/subscribe');
  });

  it("not on a subscriber's results, nor on a sample quiz's", async () => {
    signInAs();
    api(SUBSCRIBED, { [`GET /api/sessions/${session}/incorrect-questions`]: [] });
    results();
    await screen.findByText('Quiz Complete');
    await screen.findByRole('button', { name: 'Challenge a Friend' });
    expect(screen.queryByText('That was your free quiz')).toBeNull();
    cleanup();
    api(TRIAL_USED);
    results({ mode: 'sample' }, null);
    await screen.findByText('Quiz Complete');
    expect(screen.queryByText('That was your free quiz')).toBeNull();
  });
});
