// The dashboard's main-thread work on a phone (issue 32 §3, Lighthouse's Total Blocking Time): the chapter cards are
// most of what it renders, and the answers that arrive after they are drawn (mistakes per chapter, recall, the plan)
// must not draw every card again. Which cards React rendered is read, after each commit, from its fibers' PerformedWork
// flag (the flag React's own profiler reads).
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import { ChapterCard } from '../src/pages/dashboard/ChapterCard.tsx';
import { SubjectSection } from '../src/pages/dashboard/SubjectSection.tsx';
import { chapter, id, mockApi, freshDashboardPerTest, renderPage, signInAs, subject } from './support.tsx';

/** React's fiber flag for "this component's function ran in the render that produced this fiber". */
const PERFORMED_WORK = 1;

interface Fiber {
  child: Fiber | null;
  sibling: Fiber | null;
  flags: number;
  type: unknown;
  elementType: unknown;
  memoizedProps: { chapter?: { name: string }; subject?: { name: string } } | null;
}

/** The fibers React committed last, from the element testing-library renders into. */
function committedFibers(): Fiber | null {
  for (const element of document.body.children) {
    const key = Object.keys(element).find((k) => k.startsWith('__reactContainer$'));
    if (key) return (element as unknown as Record<string, { stateNode: { current: Fiber } }>)[key]!.stateNode.current;
  }
  return null;
}

function eachFiber(fiber: Fiber | null, visit: (f: Fiber) => void) {
  for (let f = fiber; f; f = f.sibling) {
    visit(f);
    eachFiber(f.child, visit);
  }
}

/**
 * A Profiler's onRender: runs after each commit, when the committed fibers are current. Notes, per commit, the
 * subject sections and chapter cards that ran in its render, and clears the flag, so a component skipped by later
 * renders is not counted again.
 */
function recordRenders() {
  const commits: string[][] = [];
  const onRender = () => {
    const ran: string[] = [];
    eachFiber(committedFibers(), (f) => {
      if (f.flags & PERFORMED_WORK) {
        if (f.elementType === ChapterCard || f.type === ChapterCard) ran.push(f.memoizedProps!.chapter!.name);
        if (f.type === SubjectSection) ran.push(`section ${f.memoizedProps!.subject!.name}`);
      }
      f.flags &= ~PERFORMED_WORK;
    });
    if (ran.length > 0) commits.push(ran);
  };
  return { commits, onRender };
}

const chapters = Array.from({ length: 12 }, (_, i) => chapter(100 + i, `Chapter ${i + 1}`, [{ n: 200 + i, name: `Topic ${i + 1}`, questions: 10 }]));
const biology = subject(1, 'Biology', 'CBSE Class 12', chapters);

freshDashboardPerTest();

/** The calls every dashboard test here answers the same way: no paused quiz, a subscriber, nothing late. */
const settled = {
  'GET /api/sessions/paused': [],
  'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 40 },
  'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
  'POST /api/chapters/progress/batch': {},
  'GET /api/recall': { chapters: [], examDays: [] },
};

describe('the dashboard draws a chapter card again only when what it shows changes (issue 32 §3: blocking time)', () => {
  it('an answer arriving after the cards are drawn renders only the card it changes, not all of them', async () => {
    signInAs();
    let answerMistakes!: (counts: Record<string, number>) => void;
    const mistakes = new Promise<Record<string, number>>((resolve) => { answerMistakes = resolve; });
    const calls = mockApi({
      'GET /api/subjects/with-chapters': [biology],
      ...settled,
      'GET /api/mistakes/total': { totalMistakes: 2 },
      // The learner's mistakes per chapter come last, once the cards are on screen.
      'GET /api/mistakes/by-chapter': async () => ({ body: await mistakes }),
    });
    const renders = recordRenders();
    renderPage(<Profiler id="dashboard" onRender={renders.onRender}><DashboardPage /></Profiler>);
    expect(await screen.findAllByRole('article', {}, { timeout: 15_000 })).toHaveLength(12);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/mistakes/by-chapter')).toBe(true), { timeout: 15_000 });
    // Everything else has answered and been drawn: the plan's line is the last of the other answers to show.
    await screen.findByText('Premium subscription active', {}, { timeout: 15_000 });

    renders.commits.length = 0;
    await act(async () => answerMistakes({ [id(105)]: 2 }));
    const changed = screen.getByRole('article', { name: 'Chapter 6' });
    await within(changed).findByRole('link', { name: 'Review Mistakes (2): Chapter 6' }, { timeout: 15_000 });

    // Before: the answer rendered the section and all 12 cards again, in one synchronous task. Now the section takes
    // it at once and leaves the cards, and the one card it changes follows in a deferred render (React slices those).
    expect(renders.commits[0]).toEqual(['section Biology']);
    expect(renders.commits.flat().filter((name) => !name.startsWith('section'))).toEqual(['Chapter 6']);
    // A page of 12 cards in jsdom takes seconds on the shared 2-core machine: room beyond vitest's 5 s default.
  }, 30_000);
});

describe('the dashboard draws its subjects one after another (issue 32 §3: blocking time)', () => {
  it('commits one subject’s chapter cards at a time, never all the subjects’ cards in one commit', async () => {
    signInAs();
    const cardsOf = (first: number, name: string) =>
      subject(first, name, 'CBSE Class 12', Array.from({ length: 4 }, (_, i) => chapter(first * 10 + i, `${name} ${i + 1}`, [{ n: first * 100 + i, name: `${name} topic ${i + 1}`, questions: 5 }])));
    const subjects = [cardsOf(1, 'Biology'), cardsOf(2, 'Chemistry'), cardsOf(3, 'Physics')];
    mockApi({
      'GET /api/subjects/with-chapters': subjects,
      ...settled,
      'GET /api/mistakes/total': { totalMistakes: 0 },
      'GET /api/mistakes/by-chapter': {},
    });
    const renders = recordRenders();
    renderPage(<Profiler id="dashboard" onRender={renders.onRender}><DashboardPage /></Profiler>);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12), { timeout: 15_000 });

    // The subject each committed card belongs to, per commit that drew cards.
    const subjectsPerCommit = renders.commits
      .map((ran) => new Set(ran.filter((name) => !name.startsWith('section')).map((name) => name.split(' ')[0])))
      .filter((drawn) => drawn.size > 0);
    // Before: all 12 cards of the three subjects in the one commit of the deferred render.
    expect(subjectsPerCommit.slice(0, 3).map((drawn) => [...drawn])).toEqual([['Biology'], ['Chemistry'], ['Physics']]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Biology', 'Chemistry', 'Physics']));
  }, 30_000);
});

describe('the dashboard starts its queries in more than one task (issue 32 §3: blocking time)', () => {
  it('asks for the below-the-fold panels’ answers after the first commit’s queries, not in the same task', async () => {
    signInAs();
    const calls = mockApi({
      'GET /api/subjects/with-chapters': [biology],
      ...settled,
      'GET /api/mistakes/total': { totalMistakes: 0 },
      'GET /api/mistakes/by-chapter': {},
      'GET /api/challenges/mine': { sent: [], received: [] },
      'GET /api/question-flags/notices': { notices: [] },
    });
    // How many calls had been made when each commit happened: a query started by a commit's effects comes after it.
    const callsAtCommit: number[] = [];
    renderPage(<Profiler id="dashboard" onRender={() => callsAtCommit.push(calls.length)}><DashboardPage /></Profiler>);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/challenges/mine', '/api/question-flags/notices', '/api/recall'])), { timeout: 15_000 });

    const firstCall = (path: string) => calls.findIndex((c) => c.path === path);
    const stats = firstCall('/api/sessions/stats');
    // Before: the stats, the challenges, the notices and recall all started in the first commit's passive effects.
    for (const later of ['/api/challenges/mine', '/api/question-flags/notices', '/api/recall']) {
      expect(callsAtCommit.some((made) => made > stats && made <= firstCall(later)), `${later} after a commit that followed the stats call`).toBe(true);
    }
  }, 30_000);
});
