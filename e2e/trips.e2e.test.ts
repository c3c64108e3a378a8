/**
 * Issue 30 §2, the learning side: what users tripped over, walked through in Chromium against the gateway
 * (E2E_BASE_URL) with the demo question bank. A visitor's topic link, the pages reachable only by typing their
 * address, what the landing page says about scheduling, and the study features that had no screen.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signIn } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';
import { api } from './support/api.ts';

interface TopicRef { id: string; name: string; questionCount: number }
interface ChapterRef { id: string; name: string; questionCount: number; topics: TopicRef[] }
interface SubjectRef { id: string; name: string; chapters: ChapterRef[] }

const { newPage } = chromiumForFile();
let subjects: SubjectRef[] = [];

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  subjects = (await res.json()) as SubjectRef[];
});

/** A chapter of the demo bank with questions, by subject and position among those (no other e2e test uses these). */
function chapter(subject: string, index: number): ChapterRef {
  const found = subjects.find((s) => s.name === subject)?.chapters.filter((c) => c.questionCount > 0)[index];
  if (!found) throw new Error(`The demo bank has no chapter ${index} with questions in ${subject} (CBSE Class 12)`);
  return found;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const url = (path: string) => `${baseUrl()}${path}`;

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await acceptDisclaimerIfShown(page);
}


/** Records `count` wrong answers in a chapter for the signed-in subscriber: each is a mistake to review. */
async function makeMistakes(page: Page, chapterId: string, count: number) {
  const questions = await api<{ id: string }[]>(page, 'GET', `/api/questions/chapter/${chapterId}`);
  expect(questions.length).toBeGreaterThanOrEqual(count);
  for (const q of questions.slice(0, count)) {
    const result = await api<{ isCorrect: boolean; recorded: boolean }>(page, 'POST', '/api/answers', {
      answerId: randomUUID(), questionId: q.id, answer: 'not one of the answers', timeSpent: 5,
    });
    expect(result).toMatchObject({ isCorrect: false, recorded: true });
  }
}

describe('a visitor', () => {
  it('following a topic from the dashboard lands on the topic’s sample quiz, not back on the landing page', async () => {
    const page = await newPage();
    const ch = chapter('Biology', 0);
    await page.goto(url('/dashboard'));
    await h1(page, 'Dashboard').waitFor();
    const card = page.getByRole('article', { name: ch.name });
    const topic = ch.topics.find((t) => t.questionCount > 0)!;
    await card.getByRole('link', { name: topic.name, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/quiz/sample' && u.searchParams.get('chapter') === ch.id && u.searchParams.get('topic') === topic.id);
    await h1(page, 'Sample Quiz').waitFor({ timeout: 20_000 });
    await page.getByText(/^Question 1 of \d+$/).waitFor({ timeout: 20_000 });
    await screenshot(page, 'trips-visitor-topic-sample-quiz');
  });

  it('reaches the sample topics, the demo quiz and Biology’s chapter files from the dashboard', async () => {
    const page = await newPage();
    await page.goto(url('/dashboard'));
    await h1(page, 'Dashboard').waitFor();
    await page.getByRole('link', { name: 'Sample topics to try' }).click();
    await h1(page, 'Test Quiz').waitFor();
    await page.getByRole('link', { name: 'A quick demo quiz' }).click();
    await h1(page, 'Simple Quiz').waitFor();

    await page.goto(url('/dashboard'));
    const biology = page.getByRole('region', { name: 'Biology', exact: true });
    await biology.getByRole('link', { name: 'Download Biology chapter files' }).click();
    await h1(page, 'Biology Chapter Downloads').waitFor();
    await page.getByRole('list', { name: 'Chapter files' }).waitFor({ timeout: 20_000 });

    await page.goto(url('/dashboard'));
    await page.getByRole('link', { name: 'Class XII Biology chapter files' }).click();
    await h1(page, 'Biology Chapter Downloads').waitFor();
  });

  it('reads on the landing page how scheduling works: set revision intervals and FSRS, not SM-2', async () => {
    const page = await newPage();
    await page.goto(url('/'));
    const why = page.getByRole('list', { name: 'Why choose us' });
    await why.waitFor();
    expect(await page.locator('body').textContent()).not.toContain('SM-2');
    expect(await why.textContent()).toContain('FSRS');
  });
});

describe('the owner', () => {
  it('opens the diagnostics pages from the Admin menu', async () => {
    const page = await newPage();
    await signIn(page, 'owner');
    await open(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Admin', exact: true }).click();
    const menu = page.getByRole('menu');
    // /admin-versions sends an owner without admin access to /admin-login first: its link is what the menu owes.
    expect(await menu.getByRole('menuitem', { name: 'Versions' }).getAttribute('href')).toBe('/admin-versions');
    expect(await menu.getByRole('menuitem', { name: 'Metrics' }).getAttribute('href')).toBe('/admin-metrics');
    await menu.getByRole('menuitem', { name: 'Payment Test' }).click();
    await page.waitForURL((u) => u.pathname === '/test-payment');
    await h1(page, 'Payment Test').waitFor();
  });
});

describe('a subscriber', () => {
  it('sees their total mistakes on the dashboard, and clears a chapter’s mistakes only after confirming', async () => {
    const page = await newPage();
    await signIn(page, 'subscriber');
    const ch = chapter('Chemistry', 2);
    await api(page, 'DELETE', `/api/mistakes/chapter/${ch.id}`);
    await makeMistakes(page, ch.id, 2);
    const { totalMistakes } = await api<{ totalMistakes: number }>(page, 'GET', '/api/mistakes/total');
    expect(totalMistakes).toBeGreaterThanOrEqual(2);

    await open(page, '/dashboard?class=CBSE%20Class%2012');
    const stat = page.locator('.lp-stat', { hasText: 'Mistakes to review' });
    await expect.poll(() => stat.locator('dd').textContent()).toBe(String(totalMistakes));

    const card = page.getByRole('article', { name: ch.name });
    const clear = card.getByRole('button', { name: `Clear Mistakes (2): ${ch.name}` });
    await clear.click();
    const dialog = page.getByRole('dialog', { name: `Clear the mistakes of ${ch.name}?` });
    await dialog.getByText(/2 questions you got wrong will leave your mistake review/).waitFor();
    await screenshot(page, 'trips-clear-mistakes-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api<{ totalMistakes: number }>(page, 'GET', '/api/mistakes/total')).totalMistakes).toBe(totalMistakes);

    await clear.click();
    await dialog.getByRole('button', { name: 'Clear Mistakes', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // No mistakes left: no Review Mistakes button at all (issue 31 §12).
    await expect.poll(() => card.getByText(/Review Mistakes/).count()).toBe(0);
    await expect.poll(() => stat.locator('dd').textContent()).toBe(String(totalMistakes - 2));
    expect(await card.getByRole('button', { name: /Clear Mistakes/ }).count()).toBe(0);
  });

  it('reviews a quiz’s wrong answers on its results after a pause, and later from the chapter’s history', async () => {
    const page = await newPage();
    await signIn(page, 'subscriber');
    for (const s of await api<{ id: string }[]>(page, 'GET', '/api/sessions/paused')) await api(page, 'DELETE', `/api/sessions/${s.id}`);
    const ch = chapter('Biology', 5);
    const topic = await api<{ id: string; name: string; questions: { id: string; question: string }[] }>(page, 'GET', `/api/topics/${ch.topics[0]!.id}/with-questions`);
    expect(topic.questions.length).toBeGreaterThan(1);
    // Another visit: the first question answered wrongly, then the quiz paused.
    const session = await api<{ id: string }>(page, 'POST', '/api/sessions', { mode: 'topic', topicId: topic.id, questionsCount: topic.questions.length });
    const first = topic.questions[0]!;
    await api(page, 'POST', '/api/answers', { answerId: randomUUID(), questionId: first.id, answer: 'not one of the answers', timeSpent: 5, sessionId: session.id });
    await api(page, 'PATCH', `/api/sessions/${session.id}/pause`, { currentQuestionIndex: 1, timeSpent: 5 });

    // Resumed here, the rest skipped: the results list the wrong answer given before the pause.
    await open(page, `/quiz/${topic.id}?resume=${session.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    const complete = page.getByRole('heading', { name: 'Quiz Complete' });
    while ((await complete.count()) === 0) {
      await page.getByRole('button', { name: 'Skip', exact: true }).or(complete).first().waitFor({ timeout: 20_000 });
      if ((await complete.count()) === 0) await page.getByRole('button', { name: 'Skip', exact: true }).click();
    }
    const earlier = page.getByRole('list', { name: 'Answered wrongly before you paused' });
    await earlier.getByText(first.question).waitFor({ timeout: 20_000 });
    await screenshot(page, 'trips-results-wrong-before-pause');

    // The chapter's history: that quiz's wrong answers, on demand.
    await open(page, '/dashboard?class=CBSE%20Class%2012');
    await page.getByRole('article', { name: ch.name }).getByRole('button', { name: `History of ${ch.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `${ch.name}: history` });
    await dialog.getByRole('button', { name: /^Wrong answers: Topic quiz/ }).first().click();
    await dialog.getByRole('list', { name: /^Wrong answers of Topic quiz/ }).first().getByText(first.question).waitFor();
    await screenshot(page, 'trips-history-wrong-answers');
  });
});
