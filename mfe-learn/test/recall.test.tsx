// "Recall today" on each chapter card and the exam-day forecast beside "Due today" (issue 32 §2). The API is faked at fetch.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { RecallForecast } from '@lp/contracts';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import { learnKeys } from '../src/api/keys.ts';
import { chapter, id, mockApi, freshDashboardPerTest, renderPage, signInAs, signOut, subject } from './support.tsx';

const biology = subject(1, 'Biology', 'CBSE Class 12', [
  chapter(10, 'Human Reproduction', [{ n: 11, name: 'Gametogenesis', questions: 52 }]),
  chapter(20, 'Evolution', [{ n: 21, name: 'Origin of Life', questions: 11 }]),
]);

const recall: RecallForecast = {
  chapters: [{ chapterId: id(10), subjectId: id(1), reviewed: 40, unseen: 12, recallToday: 0.7213 }],
  examDays: [{
    subjectId: id(1), examDate: '2027-03-12', reviewed: 40, unseen: 12, recallIfStopped: 0.412, recallAtPace: 0.934,
    chapters: [{ chapterId: id(10), reviewed: 40, unseen: 12, recallIfStopped: 0.412, recallAtPace: 0.934 }],
  }],
};

function api(body: RecallForecast | null, subjects = [biology]) {
  return mockApi({
    'GET /api/subjects/with-chapters': subjects,
    'GET /api/sessions/paused': [],
    'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 40 },
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
    'GET /api/mistakes/by-chapter': {},
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'POST /api/chapters/progress/batch': {},
    ...(body ? { 'GET /api/recall': body } : {}),
  });
}

freshDashboardPerTest();

describe('recall today and on exam day (issue 32 §2)', () => {
  it('shows a chapter’s recall today with its unseen questions apart, and nothing on a chapter not yet answered', async () => {
    signInAs();
    api(recall);
    renderPage(<DashboardPage />);
    const card = await screen.findByRole('article', { name: 'Human Reproduction' }, { timeout: 5000 });
    const line = await within(card).findByText(/^Recall today:/, {}, { timeout: 5000 });
    expect(line.textContent).toBe('Recall today: 72% of 40 reviewed · 12 not seen yet');
    expect(within(screen.getByRole('article', { name: 'Evolution' })).queryByText(/Recall today/)).toBeNull();
  });

  it('forecasts exam day beside "Due today": if the learner stops, and if they keep up with their reviews', async () => {
    signInAs();
    api(recall);
    renderPage(<DashboardPage />);
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Recall on exam day' }, { timeout: 5000 })).closest('section')!;
    // Unseen: every question of the subject's chapters not yet answered (52 + 11 − 40), Evolution's too.
    expect(panel.textContent).toContain('Biology, 12 Mar 2027: of the 40 questions you have answered, 41% if you stop now, 93% if you do each review on its day and get it right. 23 not seen yet.');
  });

  it('shows neither to a learner without an exam date or reviews, nor when the forecast cannot be loaded', async () => {
    signInAs();
    const calls = api({ chapters: [], examDays: [] });
    renderPage(<DashboardPage />);
    await screen.findByRole('article', { name: 'Human Reproduction' }, { timeout: 5000 });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/recall')).toBe(true));
    // The cards and the panel beside "Due today" (the progress charts below say what to do instead: recall-charts.test.tsx).
    expect(screen.getAllByRole('article').filter((card) => /Recall today/.test(card.textContent ?? ''))).toEqual([]);
    expect(screen.queryByRole('heading', { level: 2, name: 'Recall on exam day' })).toBeNull();
    cleanup();
    api(null); // 404
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: /^Due today/ }, { timeout: 5000 });
    expect((await screen.findAllByRole('article', {}, { timeout: 5000 })).filter((card) => /Recall/.test(card.textContent ?? ''))).toEqual([]);
    expect(screen.queryByRole('heading', { level: 2, name: 'Recall on exam day' })).toBeNull();
  });

  it('reads the forecast once per subject, not once per chapter card (each observer costs a phone time when it arrives)', async () => {
    signInAs();
    const chapters = Array.from({ length: 8 }, (_, i) => chapter(100 + i, `Chapter ${i + 1}`, [{ n: 200 + i, name: `Topic ${i + 1}`, questions: 10 }]));
    api(recall, [subject(1, 'Biology', 'CBSE Class 12', [...biology.chapters, ...chapters])]);
    const { client } = renderPage(<DashboardPage />);
    const card = await screen.findByRole('article', { name: 'Human Reproduction' }, { timeout: 5000 });
    await within(card).findByText(/^Recall today:/, {}, { timeout: 5000 });
    const observers = client.getQueryCache().find({ queryKey: learnKeys.recall })!.getObserversCount();
    // The subject section, the exam-day panel and, once loaded, the progress charts: not one more per card (10 cards).
    expect(observers).toBeLessThanOrEqual(3);
    // Whether a start uses the free trial, the same: once per subject, not per card.
    expect(client.getQueryCache().find({ queryKey: learnKeys.subscriptionStatus })!.getObserversCount()).toBeLessThanOrEqual(3);
  });

  it('asks nothing for a visitor', async () => {
    signOut();
    const calls = api(recall);
    renderPage(<DashboardPage />);
    await screen.findByRole('article', { name: 'Human Reproduction' }, { timeout: 5000 });
    expect(calls.some((c) => c.path === '/api/recall')).toBe(false);
    expect(screen.queryByText(/Recall today/)).toBeNull();
  });
});
