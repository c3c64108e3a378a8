// The chapter cards' "Download for offline" state (issue 33 §2) on the dashboard's main thread (issue 32 §3): read
// once for the whole page, without parsing any stored question list. jsdom has no Cache Storage: an in-memory one
// stands in (Chromium's real one: e2e/offline.e2e.test.ts), counting what the page asks of it.
import { describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import { USER, chapter, freshDashboardPerTest, id, mockApi, renderPage, signInAs, subject } from './support.tsx';

const absolute = (request: RequestInfo | URL) => new URL(request instanceof Request ? request.url : String(request), 'http://localhost').href;

/** Cache Storage in memory; `asked` counts the calls a page makes. */
function memoryCaches() {
  const asked = { open: 0, match: 0, keys: 0, parsed: 0 };
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (entries: Map<string, Response>) => ({
    async match(request: RequestInfo | URL) {
      asked.match++;
      const saved = entries.get(absolute(request))?.clone();
      if (saved) saved.json = async () => { asked.parsed++; return JSON.parse(await saved.text()) as unknown; };
      return saved;
    },
    async put(request: RequestInfo | URL, response: Response) { entries.set(absolute(request), response); },
    async delete(request: RequestInfo | URL) { return entries.delete(absolute(request)); },
    async keys() { asked.keys++; return [...entries.keys()].map((url) => new Request(url)); },
  });
  const storage = {
    async has(name: string) { return stores.has(name); },
    async open(name: string) {
      asked.open++;
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
  };
  return { asked, storage, stores };
}

const chapters = Array.from({ length: 12 }, (_, i) => chapter(100 + i, `Chapter ${i + 1}`, [{ n: 200 + i, name: `Topic ${i + 1}`, questions: 10 }]));
// Two subjects: their sections are drawn one after the other, and still share one look at the cache.
const subjects = [subject(1, 'Biology', 'CBSE Class 12', chapters.slice(0, 6)), subject(2, 'Chemistry', 'CBSE Class 12', chapters.slice(6))];
const questionsUrl = (n: number) => `http://localhost/api/questions/chapter/${id(n)}`;
const questions = (count: number) => Array.from({ length: count }, (_, i) => ({ id: id(900 + i), question: `Q${i}` }));

function dashboardApi() {
  return mockApi({
    'GET /api/subjects/with-chapters': subjects,
    'GET /api/sessions/paused': [],
    'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 40 },
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'GET /api/mistakes/by-chapter': {},
    'POST /api/chapters/progress/batch': {},
    'GET /api/recall': { chapters: [], examDays: [] },
    [`GET /api/questions/chapter/${id(104)}`]: questions(10),
    [`GET /api/chapters/${id(104)}`]: { id: id(104), name: 'Chapter 5' },
  });
}

freshDashboardPerTest();

describe('the chapter cards’ download state (issue 32 §3: blocking time)', () => {
  it('is read with one look at the cache for all the cards, parsing no question list, and each downloaded card says so', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    // Two chapters downloaded earlier: one with its count written beside it, one from before that header.
    const mine = new Map([
      [questionsUrl(102), new Response(JSON.stringify(questions(40)), { headers: { 'x-lp-question-count': '40' } })],
      [questionsUrl(107), new Response(JSON.stringify(questions(25)))],
    ]);
    caches.stores.set(`lp-personal-${USER.id}`, mine);
    // An idle browser: the look is done before the second subject's section mounts, which must not look again.
    vi.stubGlobal('requestIdleCallback', (done: () => void) => setTimeout(done, 0));
    signInAs();
    dashboardApi();
    renderPage(<DashboardPage />);

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12), { timeout: 15_000 });
    const card = (name: string) => screen.getByRole('article', { name });
    await within(card('Chapter 3')).findByText('Available offline · 40 questions', {}, { timeout: 15_000 });
    await within(card('Chapter 8')).findByText('Available offline · 25 questions', {}, { timeout: 15_000 });
    expect(within(card('Chapter 1')).getByRole('button', { name: 'Download for offline: Chapter 1' })).toBeTruthy();

    // Before: every card opened the cache, looked its chapter up and parsed what it found (12 opens, 12 lookups, 2
    // lists parsed). Now: for both subjects, the cache opened once, its keys listed once, the two downloads looked up,
    // and only the one without a written count parsed.
    expect(caches.asked).toEqual({ open: 1, keys: 1, match: 2, parsed: 1 });
  }, 30_000);

  it('a download from a card shows on it at once, and is kept with its count so the next page reads no list', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    signInAs();
    dashboardApi();
    renderPage(<DashboardPage />);

    const card = within((await screen.findAllByRole('article', { name: 'Chapter 5' }, { timeout: 15_000 }))[0]!);
    fireEvent.click(await card.findByRole('button', { name: 'Download for offline: Chapter 5' }, { timeout: 15_000 }));
    await card.findByText('Available offline · 10 questions', {}, { timeout: 15_000 });

    const stored = caches.stores.get(`lp-personal-${USER.id}`)!.get(questionsUrl(104))!;
    expect(stored.headers.get('x-lp-question-count')).toBe('10');
    expect(caches.asked.parsed).toBe(0);

    fireEvent.click(card.getByRole('button', { name: 'Remove download: Chapter 5' }));
    await card.findByRole('button', { name: 'Download for offline: Chapter 5' }, { timeout: 15_000 });
    await waitFor(() => expect(caches.stores.get(`lp-personal-${USER.id}`)!.has(questionsUrl(104))).toBe(false));
  }, 30_000);
});
