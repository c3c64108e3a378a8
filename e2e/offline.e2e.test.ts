/**
 * Issue 33 §2, offline study, in Chromium on a 360 px phone with the shell's service worker: a subscriber downloads a
 * chapter, starts its quiz, loses the network mid-quiz (Playwright's offline mode), keeps answering, reloads the page
 * offline and the quiz continues where it was (from the download and what the device kept); when the network
 * returns, every answer reaches the server once, in the one session, and the results show the server's score.
 * Signing out deletes the learner's caches. `LP_OFFLINE_SHOTS=<dir>` saves screenshots there too.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';
import { api } from './support/api.ts';

const PHONE = { width: 360, height: 780 };
const { newContext } = chromiumForFile({ viewport: PHONE, serviceWorkers: 'allow' });
const url = (p: string) => `${baseUrl()}${p}`;

interface ChapterRef { id: string; name: string; questionCount: number }
interface QuizSession { id: string; questionsAnswered: number; correctAnswers: number; completed: boolean }

/** The page (or one part of it, `only`) under test-results/screenshots, and in LP_OFFLINE_SHOTS when set. */
async function shot(page: Page, name: string, only?: Locator) {
  const dir = process.env.LP_OFFLINE_SHOTS;
  if (!only) await screenshot(page, `offline-${name}`);
  if (dir) mkdirSync(dir, { recursive: true });
  if (only && dir) await only.screenshot({ path: path.join(dir, `${name}.png`) });
  else if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A chapter of the demo bank no other e2e file takes a quiz in: Chemistry's fourth with questions (CBSE Class 12). */
async function quizChapter(): Promise<ChapterRef> {
  const res = await fetch(url(`/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`));
  const subjects = (await res.json()) as { name: string; chapters: ChapterRef[] }[];
  const found = subjects.find((s) => s.name === 'Chemistry')?.chapters.filter((c) => c.questionCount > 0)[3];
  if (!found) throw new Error('The demo bank has no fourth Chemistry chapter with questions');
  return found;
}

/** A new learner who pays on the billing stand-in's checkout page (as e2e/billing does). */
async function newSubscriber(page: Page) {
  await signInAsNewLearner(page, { name: 'Offline Student' });
  await page.goto(url('/subscription'));
  await acceptDisclaimerIfShown(page);
  await page.getByLabel('Region and currency').selectOption('india');
  await page.getByRole('button', { name: /Pay with Razorpay/ }).click();
  await page.waitForURL((u) => u.origin !== new URL(baseUrl()).origin, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
}

/** Picks the first option (or types) and submits; offline the answer stays on the device. */
async function answerFirst(page: Page) {
  await page.locator('.lp-formula[data-state="pending"]').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => {});
  const radios = page.getByRole('radio');
  if ((await radios.count()) > 0) await radios.first().check();
  else await page.getByLabel('Your answer').fill('not sure');
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.locator('.lp-quiz__feedback-title').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /^(Next Question|Complete Quiz)$/ }).click();
}

const waiting = (page: Page) => page.getByTestId('answers-waiting');
const personalCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('lp-personal-')));

describe('offline study on a phone', () => {
  it('a downloaded chapter’s quiz goes on without a network, reloaded it continues where it was, the offline dashboard lists the download, each answer is recorded once when it returns; signing out deletes the downloads, and the next learner sees none', async () => {
    const chapter = await quizChapter();
    const context = await newContext();
    const page = await context.newPage();
    await newSubscriber(page);
    // Every start the runner sends (offline tries included): the ids of the quizzes it made.
    const starts = new Set<string>();
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sessions') starts.add((request.postDataJSON() as { sessionId: string }).sessionId);
    });

    // Download the chapter from its card; the service worker has cached the app meanwhile.
    await page.goto(url(`/dashboard#chapter-${chapter.id}`));
    const card = page.locator(`#chapter-${chapter.id}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await card.getByRole('button', { name: `Download for offline: ${chapter.name}` }).click();
    await card.getByText(`Available offline · ${chapter.questionCount} questions`).waitFor();
    await card.getByRole('button', { name: `Remove download: ${chapter.name}` }).waitFor();
    await shot(page, '1-downloaded', card);

    // The quiz starts online; the network goes mid-quiz; answers wait on the device and the quiz says so.
    await page.goto(url(`/quiz/chapter/${chapter.id}`));
    await page.getByText(`Question 1 of ${chapter.questionCount}`).waitFor({ timeout: 20_000 });
    await answerFirst(page);
    await context.setOffline(true);
    await answerFirst(page);
    await waiting(page).getByText('1 answer waiting to be sent').waitFor();
    await shot(page, '2-offline-waiting');

    // Reloaded offline: the app, who is signed in and the chapter's questions all come from this device, and the quiz
    // goes on at its third question with the first two answers kept (the one waiting still waits).
    await page.reload();
    await page.getByText(`Question 3 of ${chapter.questionCount}`).waitFor({ timeout: 20_000 });
    await waiting(page).getByText('1 answer waiting to be sent').waitFor();
    await shot(page, '3-reloaded-continues');
    await answerFirst(page);
    await answerFirst(page);
    for (let left = chapter.questionCount - 4; left > 0; left--) await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByText('3 answers waiting to be sent: kept on this device').waitFor();
    await shot(page, '4-offline-finished');

    // The app opened offline elsewhere: the dashboard says so, lists the download with a link to its quiz, and what
    // waits; the quiz opened from there is the same one, finishing.
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ timeout: 20_000 });
    await waiting(page).getByText('3 answers waiting to be sent').waitFor();
    await page.getByRole('list', { name: 'Chapters downloaded on this device' }).getByText(chapter.name).waitFor();
    await shot(page, '5-offline-dashboard');
    // Another page that needs the network (exam dates) says the same; its link opens the quiz.
    await page.goto(url('/exam-dates'));
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: `Take quiz: ${chapter.name}` }).click();
    await page.getByText('3 answers waiting to be sent: kept on this device').waitFor({ timeout: 20_000 });

    // The network returns: the three waiting answers are scored, once each, and the quiz finishes by itself.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 30_000 });
    await page.getByText(/^Scored when your answers reached the server \(sent at \d\d:\d\d\)\.$/).waitFor();
    await shot(page, '6-results');

    // One quiz (the reload continued it), its 4 answers recorded once each; the results show the server's score.
    expect(starts.size).toBe(1);
    const [sessionId] = [...starts];
    const session = await api<QuizSession>(page, 'GET', `/api/sessions/${sessionId}`);
    expect(session).toMatchObject({ questionsAnswered: 4, completed: true });
    await page.getByText(`${session.correctAnswers}/4`).waitFor();
    const wrong = await api<unknown[]>(page, 'GET', `/api/sessions/${session.id}/incorrect-questions`);
    expect(session.correctAnswers).toBe(4 - wrong.length);
    expect(await api<{ totalQuestions: number }>(page, 'GET', '/api/sessions/stats')).toMatchObject({ totalQuestions: 4 });

    // Signing out (a navigation through the service worker) leaves nothing of the learner on the device.
    expect(await personalCaches(page)).not.toEqual([]);
    await page.goto(url('/api/logout'));
    await page.waitForURL((u) => u.pathname === '/');
    expect(await personalCaches(page)).toEqual([]);

    // Someone else on the same phone, offline: none of the first learner's downloads or answers.
    await signInAsNewLearner(page, { name: 'Second Student' });
    await page.goto(url('/dashboard'));
    await acceptDisclaimerIfShown(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ timeout: 20_000 });
    await page.getByText('No chapters downloaded').waitFor();
    expect(await page.getByText(chapter.name).count()).toBe(0);
    expect(await waiting(page).count()).toBe(0);
    await shot(page, '7-offline-someone-else');
    await context.setOffline(false);
  });
});
