/**
 * Issue 4 (mfe-learn): the dashboard, topic page and Biology downloads in a real browser, against the
 * gateway (E2E_BASE_URL) with the demo question bank. Each test signs in fresh in its own context.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signIn } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

const { newPage } = chromiumForFile({ acceptDownloads: true });

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const subjectHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** The text of the option one of the dashboard's selects shows. */
const chosen = (page: Page, label: 'Class' | 'Subject') =>
  page.getByLabel(label, { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

/** Picks an option of one of the dashboard's selects (native selects: a phone opens its own picker). */
async function choose(page: Page, label: 'Class' | 'Subject', option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  await expect.poll(() => chosen(page, label)).toBe(option);
}

/** axe over the page this remote renders (the shell's navigation is the shell's own test's business). */
async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.lp-nav').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Goes to a protected page and accepts the disclaimer once its status is known (it may open a moment later). */
async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await page.waitForLoadState('networkidle');
  await acceptDisclaimerIfShown(page);
}

/** The demo subscriber's saved class, as the seed has it (tests share the account, so each leaves it so). */
async function resetSavedClass(page: Page) {
  const res = await page.request.post(`${baseUrl()}/api/user/class`, { data: { selectedClass: 'CBSE Class 12' } });
  expect(res.status()).toBe(200);
}

async function signInAs(page: Page, account: 'subscriber' | 'learner') {
  await signIn(page, account);
  await open(page, '/dashboard');
  await h1(page, 'Dashboard').waitFor();
}

describe('learn: dashboard, topic, downloads', () => {
  it('a subscriber chooses a class and a subject, and the choice survives a reload', async () => {
    const page = await newPage();
    await signIn(page, 'subscriber');
    await resetSavedClass(page);
    await open(page, '/dashboard');
    try {
      await expect.poll(() => chosen(page, 'Class')).toMatch(/CBSE Class/);
      await choose(page, 'Class', 'CBSE Class 10');
      await subjectHeading(page, 'Science').waitFor();
      // Changing the class cleared the subject.
      expect(await chosen(page, 'Subject')).toBe('All subjects');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/subject') && r.request().method() === 'POST');
      await choose(page, 'Subject', 'Science');
      expect((await saved).status()).toBe(200);
      await expect.poll(() => subjectHeading(page, 'Economics').count()).toBe(0);
      await page.getByRole('article', { name: 'Life Processes' }).waitFor();
      await screenshot(page, 'learn-dashboard-class-10-science');

      await page.reload();
      await page.waitForLoadState('networkidle');
      await acceptDisclaimerIfShown(page);
      await subjectHeading(page, 'Science').waitFor();
      expect(await chosen(page, 'Class')).toBe('CBSE Class 10');
      expect(await chosen(page, 'Subject')).toBe('Science');

      // A new browser (no stored choice, no URL parameters): the profile brings the class and subject back.
      const fresh = await newPage();
      await signInAs(fresh, 'subscriber');
      await subjectHeading(fresh, 'Science').waitFor();
      expect(await chosen(fresh, 'Class')).toBe('CBSE Class 10');
      expect(await chosen(fresh, 'Subject')).toBe('Science');
      await expect.poll(() => subjectHeading(fresh, 'Economics').count()).toBe(0);
    } finally {
      // Leave the shared demo account as the seed had it (other tests expect the default class).
      await resetSavedClass(page);
    }
  });

  it('the dashboard lists chapters with topics; a topic page shows its stats', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await open(page, '/dashboard?class=CBSE%20Class%2012&subjectName=Biology');
    const card = page.getByRole('article', { name: 'Evolution' });
    await card.waitFor();
    await card.getByRole('link', { name: 'Full Chapter Quiz: Evolution' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'learn-dashboard-subscriber-biology');

    await card.getByRole('link', { name: 'Origin of Life and Evidence for Evolution' }).click();
    await h1(page, 'Origin of Life and Evidence for Evolution').waitFor();
    expect(page.url()).toMatch(/\/topic\/[0-9a-f]{24}$/);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Biology' }).waitFor();
    await crumbs.getByRole('link', { name: 'Evolution' }).waitFor();
    const fact = (label: string) => page.locator('.lp-fact', { has: page.getByText(label, { exact: true }) }).locator('dd').textContent();
    expect(Number(await fact('Questions'))).toBeGreaterThanOrEqual(10);
    expect(await fact('Easy questions')).toMatch(/^\d+%$/);
    expect(await fact('Hard questions')).toMatch(/^\d+%$/);
    expect(Number(await fact('Multiple choice'))).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Start Studying' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'learn-topic-page');

    await page.goto(`${baseUrl()}/topic/000000000000000000000000`);
    await h1(page, 'Topic Not Found').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
  });

  it('downloads a Biology chapter file with its questions', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/download-biology`);
    await h1(page, 'Biology Chapter Downloads').waitFor();
    const list = page.getByRole('list', { name: 'Chapter files' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(7);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'learn-download-biology');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Evolution' }).click()]);
    expect(download.suggestedFilename()).toMatch(/biology.*evolution.*\.json$/);
    const file = await download.path();
    const tree = JSON.parse(readFileSync(file, 'utf8')) as { className: string; subjects: { name: string; chapters: { name: string; topics: { questions: { question: string; correctAnswer: unknown }[] }[] }[] }[] };
    expect(tree.className).toBe('CBSE Class 12');
    const chapter = tree.subjects[0]!.chapters[0]!;
    expect(chapter.name).toBe('Evolution');
    const questions = chapter.topics.flatMap((t) => t.questions);
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(questions.every((q) => q.question && q.correctAnswer !== undefined)).toBe(true);
  });

  it('a visitor sees the Login link and the badge, and sample quizzes, at 360 px', async () => {
    const page = await newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${baseUrl()}/dashboard`);
    await h1(page, 'Dashboard').waitFor();
    const login = page.getByRole('link', { name: 'Login', exact: true });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/api/login');
    await page.getByText('Login to track progress').waitFor();
    await subjectHeading(page, 'Biology').waitFor();
    await page.getByRole('article', { name: 'Evolution' }).getByRole('link', { name: 'Sample Quiz: Evolution' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'learn-dashboard-visitor-360');
  });

  it('a class without content shows the empty state and the Coming Soon subjects', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/dashboard?class=CBSE%20Class%2011`);
    await h1(page, 'Dashboard').waitFor();
    await page.getByText('No subjects found for CBSE Class 11. Content will appear here once uploaded by admin.', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Coming Soon' }).waitFor();
    await screenshot(page, 'learn-dashboard-class-11-empty');
  });

  it('the test quiz page offers three demo topics', async () => {
    const page = await newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${baseUrl()}/test-quiz`);
    await h1(page, 'Test Quiz').waitFor();
    await page.getByRole('link', { name: /^Start Quiz/ }).first().waitFor();
    const hrefs = await page.getByRole('link', { name: /^Start Quiz/ }).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(3);
    hrefs.forEach((href) => expect(href).toMatch(/^\/quiz\/[0-9a-f]{24}$/));
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'learn-test-quiz-360');
  });

  it('a subscriber’s paused quiz offers Resume and Retake on its card; other cards name it and offer Continue it', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    // A paused full chapter quiz, made through the study API (the quiz runner is tested on its own).
    const subjects = (await (await page.request.get(`${baseUrl()}/api/subjects/with-chapters?className=CBSE%20Class%2010`)).json()) as {
      name: string;
      chapters: { id: string; name: string; questionCount: number }[];
    }[];
    const economics = subjects.find((s) => s.name === 'Economics')!;
    const chapter = economics.chapters.find((c) => c.name === 'Money and Credit')!;
    const created = await page.request.post(`${baseUrl()}/api/sessions`, {
      data: { mode: 'full', chapterId: chapter.id, questionsCount: chapter.questionCount },
    });
    expect(created.status()).toBe(200);
    const session = (await created.json()) as { id: string };
    try {
      const paused = await page.request.patch(`${baseUrl()}/api/sessions/${session.id}/pause`, {
        data: { currentQuestionIndex: 2, timeSpent: 40 },
      });
      expect(paused.status()).toBe(200);

      await open(page, '/dashboard?class=CBSE%20Class%2010&subjectName=Economics');
      const card = page.getByRole('article', { name: chapter.name });
      const resume = card.getByRole('link', { name: `Resume ${chapter.name}` });
      await resume.waitFor();
      expect(await resume.getAttribute('href')).toContain(`resume=${session.id}`);
      const other = page.getByRole('article', { name: 'Development' });
      // Issue 31 §7: the paused quiz named, with one-tap ways out, instead of two disabled "Complete Current Quiz First".
      const notice = other.getByRole('group', { name: 'Complete Current Quiz First: Development' });
      await notice.getByText(`You have a paused quiz in ${chapter.name}`, { exact: false }).waitFor();
      expect(await other.getByRole('button', { name: 'Complete Current Quiz First' }).count()).toBe(0);
      expect(await notice.getByRole('link', { name: `Continue the paused quiz in ${chapter.name}` }).getAttribute('href')).toContain(`resume=${session.id}`);
      expect(await other.getByRole('button', { name: /Review Mistakes/ }).isDisabled()).toBe(true);
      await screenshot(page, 'learn-dashboard-paused-session');

      const deleted = page.waitForResponse((r) => r.url().endsWith(`/api/sessions/${session.id}`) && r.request().method() === 'DELETE');
      await card.getByRole('button', { name: `Retake ${chapter.name}` }).click();
      expect((await deleted).status()).toBe(200);
      await page.waitForURL((url) => url.pathname === `/quiz/chapter/${chapter.id}`);
    } finally {
      // Leave no paused session behind for other tests of this account (404 once Retake deleted it).
      await page.request.delete(`${baseUrl()}/api/sessions/${session.id}`).catch(() => {});
    }
  });
});
