// Seeing when to revise (issue 31 §9): the rules, the dashboard's "Due today" card and legend, the date on each
// chapter card and on the quiz results. The API is faked at fetch.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProgressBatch } from '@lp/contracts';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import { QuizResults } from '../src/pages/quiz/QuizResults.tsx';
import type { QuizPlan } from '../src/pages/quiz/loadQuiz.ts';
import { dueChapters, nextRevisionText, soonestRevision } from '../src/pages/revision/revision-schedule.ts';
import { chapter, id, mockApi, freshDashboardPerTest, progress, renderPage, signInAs, subject, type Handler } from './support.tsx';

const biology = subject(1, 'Biology', 'CBSE Class 12', [
  chapter(10, 'Human Reproduction', [{ n: 11, name: 'Gametogenesis', questions: 11 }]),
  chapter(20, 'Evolution', [{ n: 21, name: 'Origin of Life', questions: 11 }]),
  chapter(30, 'Genetics', [{ n: 31, name: 'Mendel', questions: 11 }]),
]);

// Noon UTC: the same calendar day in every time zone a test machine uses.
const DEC_4 = '2026-12-04T12:00:00.000Z';
const DEC_9 = '2026-12-09T12:00:00.000Z';
const due = progress(id(10), { firstRevisionAt: '2026-11-20T12:00:00.000Z', revisionStage: 2, revisionDue: true, revisionsDone: 1, nextRevisionAt: '2026-11-26T12:00:00.000Z' });
const soon = progress(id(20), { nextRevisionAt: DEC_4 });
const later = progress(id(30), { nextRevisionAt: DEC_9 });
const mastered = progress(id(30), {
  firstRevisionAt: '2026-01-02T12:00:00.000Z', secondRevisionAt: '2026-01-08T12:00:00.000Z', thirdRevisionAt: '2026-01-23T12:00:00.000Z', revisionStage: 4, revisionsDone: 3,
});

function api(batch: ProgressBatch, extra: Record<string, Handler | object> = {}) {
  return mockApi({
    'GET /api/subjects/with-chapters': [biology],
    'GET /api/sessions/paused': [],
    'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 10 },
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
    'GET /api/mistakes/by-chapter': {},
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'POST /api/chapters/progress/batch': batch,
    ...extra,
  });
}

freshDashboardPerTest();

describe('revision schedule rules', () => {
  it('says when a chapter is next revised, in the one date format', () => {
    expect(nextRevisionText(soon, { timeZone: 'Asia/Kolkata' })).toBe('Next revision: 4 Dec 2026');
    expect(nextRevisionText(due)).toBe('Revision due now');
    expect(nextRevisionText(mastered)).toBe('All 3 revisions done');
    expect(nextRevisionText(progress(id(40)))).toBeNull();
  });

  it('lists the due chapters in page order, and otherwise the soonest revision to come', () => {
    const batch = { [id(10)]: due, [id(20)]: soon, [id(30)]: later };
    expect(dueChapters([biology], batch)).toEqual([{ id: id(10), name: 'Human Reproduction' }]);
    expect(soonestRevision([biology], { [id(20)]: later, [id(30)]: soon })).toEqual({ chapter: { id: id(30), name: 'Genetics' }, at: DEC_4 });
    expect(soonestRevision([biology], { [id(30)]: mastered })).toBeNull();
    expect(dueChapters([biology], undefined)).toEqual([]);
  });
});

describe('dashboard: when to revise', () => {
  it('shows "Due today (n)" linking each due chapter to its card, the next date on each card, and a star legend', async () => {
    signInAs();
    api({ [id(10)]: due, [id(20)]: soon, [id(30)]: mastered });
    renderPage(<DashboardPage />);
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Due today (1)' }, { timeout: 5000 })).closest('section')!;
    const link = within(within(panel).getByRole('list', { name: 'Chapters due for revision' })).getByRole('link', { name: 'Human Reproduction' });
    expect(link.getAttribute('href')).toBe(`#chapter-${id(10)}`);
    expect(within(panel).getByText(/★ a revision done \(3 in all\) · ☆ a revision to come · Mastered after the third/)).toBeTruthy();

    const card = (name: string) => screen.getByRole('article', { name });
    await screen.findByRole('article', { name: 'Human Reproduction' });
    expect(document.getElementById(`chapter-${id(10)}`)).toBe(card('Human Reproduction'));
    expect(await within(card('Human Reproduction')).findByText('Revision due now')).toBeTruthy();
    expect(within(card('Human Reproduction')).getByText(/1 of 3 revisions done/)).toBeTruthy();
    expect(within(card('Evolution')).getByText(/^Next revision: \d+ Dec 2026$/)).toBeTruthy();
    expect(within(card('Genetics')).getByText('All 3 revisions done')).toBeTruthy();
  });

  it('with nothing due, says "Due today (0)" and when the next revision comes', async () => {
    signInAs();
    api({ [id(20)]: later, [id(30)]: soon });
    renderPage(<DashboardPage />);
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Due today (0)' }, { timeout: 5000 })).closest('section')!;
    await within(panel).findByText(/^Nothing due today\. Next revision: \d+ Dec 2026 \(Genetics\)\.$/);
    expect(within(panel).queryByRole('list')).toBeNull();
  });
});

describe('quiz results: the next revision', () => {
  const plan: QuizPlan = { mode: 'full', title: 'Evolution', questions: [], chapterId: id(20), topicId: null, subjectId: id(1), topics: [] };
  const session = id(0xabc);

  it('says when the chapter just quizzed is next revised', async () => {
    signInAs();
    const calls = api({ [id(20)]: progress(id(20), { nextRevisionAt: DEC_4 }) }, { [`GET /api/sessions/${session}/incorrect-questions`]: [] });
    renderPage(<QuizResults plan={plan} sessionId={session} answered={2} correct={2} seconds={30} skipped={0} answers={[]} />);
    expect(await screen.findByText(/^Next revision: \d+ Dec 2026$/)).toBeTruthy();
    expect((calls.find((c) => c.path === '/api/chapters/progress/batch')?.body as { chapterIds: string[] }).chapterIds).toEqual([id(20)]);
  });

  it('says nothing about revision for a sample quiz (nothing was saved)', async () => {
    signInAs();
    const calls = api({ [id(20)]: progress(id(20), { nextRevisionAt: DEC_4 }) });
    renderPage(<QuizResults plan={{ ...plan, mode: 'sample' }} sessionId={null} answered={2} correct={2} seconds={30} skipped={0} answers={[]} />);
    await screen.findByText('Quiz Complete');
    expect(screen.queryByText(/Next revision/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/chapters/progress/batch')).toBe(false);
  });
});
