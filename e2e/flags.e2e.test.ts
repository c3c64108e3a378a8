/**
 * Issue 32 §4 through the whole platform in Chromium: a student answers a question on a phone and flags it ("the key
 * is wrong", with a note); the owner, with the admin password, finds it in /admin-flags grouped by question with the
 * note and the key, and corrects it; the student then sees "You were right about question …" on the dashboard until they
 * mark it seen. A flag before answering is refused.
 * The correction changes only the explanation, so the demo bank's keys stay what the other e2e files expect.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, acceptDisclaimerIfShown, signIn, signInAsNewLearner } from './support/auth.ts';
import { seriousAxeViolations } from './support/a11y.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

interface ChapterRef { id: string; name: string; questionCount: number }
interface SubjectRef { name: string; chapters: ChapterRef[] }

const PHONE = { width: 360, height: 780 };
const { newPage } = chromiumForFile();
let chapterId: string;

/** The Class XII Biology chapters of the demo bank's catalogue: other e2e files publish chapters of their own after them. */
function seededBiologyChapters(): Set<string> {
  const catalogue = JSON.parse(readFileSync(path.join(import.meta.dirname, '../svc-content/seed/catalogue.json'), 'utf8')) as {
    subjects: Array<{ className: string; name: string; chapters: Array<{ name: string }> }>;
  };
  const biology = catalogue.subjects.find((s) => s.className === 'CBSE Class 12' && s.name === 'Biology')!;
  return new Set(biology.chapters.map((c) => c.name));
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  const subjects = (await res.json()) as SubjectRef[];
  // The demo bank's last Biology chapter with questions, whichever e2e files ran before: the quiz e2e file works on
  // the first ones, and admin.e2e publishes new chapters after the last (one of them would otherwise be picked here).
  const seeded = seededBiologyChapters();
  const biology = subjects.find((s) => s.name === 'Biology')!.chapters.filter((c) => c.questionCount > 0 && seeded.has(c.name));
  chapterId = biology.at(-1)!.id;
});

describe('students flag a wrong key; admins fix it (issue 32 §4)', () => {
  let student: Page;
  let question: string;
  const note = `The key should be another option (${Date.now().toString(36)})`;

  it('a student flags a question after answering it, on a phone', async () => {
    student = await newPage({ viewport: PHONE });
    await signInAsNewLearner(student, { name: 'Flagging Student' });
    // The server takes a flag only from a student who answered the question: before answering, it is refused.
    const sample = await (await student.request.get(`${baseUrl()}/api/questions/sample/${chapterId}`)).json() as Array<{ id: string }>;
    const early = await student.request.post(`${baseUrl()}/api/questions/${sample[0]!.id}/flag`, { data: { reason: 'wrong-key' } });
    expect(early.status()).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'NOT_ANSWERED', message: 'Answer this question in a quiz before reporting a problem with it.' });
    await student.goto(`${baseUrl()}/quiz/chapter/${chapterId}`);
    await acceptDisclaimerIfShown(student);
    await student.getByText(/^Question \d+ of \d+$/).waitFor({ timeout: 30_000 });
    question = ((await student.locator('.lp-quiz__question').textContent()) ?? '').trim();
    expect(question).not.toBe('');
    const radios = student.getByRole('radio');
    if ((await radios.count()) > 0) await radios.first().check();
    else await student.getByLabel('Your answer').fill('not sure');
    await student.getByRole('button', { name: 'Submit Answer', exact: true }).click();
    await student.locator('.lp-quiz__feedback-title').waitFor({ timeout: 20_000 });

    await student.getByRole('button', { name: 'Report a problem with this question' }).click();
    await student.getByRole('radio', { name: 'The key is wrong' }).check();
    await student.getByLabel('Note (optional)').fill(note);
    await screenshot(student, 'flags-student-report');
    await student.getByRole('button', { name: 'Send report' }).click();
    await student.getByRole('status').filter({ hasText: 'Thanks, we have noted it.' }).waitFor({ timeout: 20_000 });
    await screenshot(student, 'flags-student-reported');
  });

  it('the owner sees it grouped by question in /admin-flags and corrects it', async () => {
    const page = await newPage();
    await signIn(page, 'owner');
    await page.goto(`${baseUrl()}/admin-flags`);
    await acceptDisclaimerIfShown(page);
    await page.waitForURL((url) => url.pathname === '/admin-login');
    await page.getByLabel('Admin password').fill(DEMO_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-upload');
    // The Admin menu's entry, as the owner finds the page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Flagged Questions' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-flags');
    await page.getByRole('heading', { level: 1, name: 'Flagged Questions' }).waitFor();

    const card = page.getByRole('listitem', { name: question });
    await card.getByText(`The key is wrong: ${note}`).waitFor({ timeout: 20_000 });
    await card.getByText(/^\d+ students?$/).waitFor();
    await card.getByText('(key)', { exact: false }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'flags-admin-queue');

    await card.getByRole('button', { name: 'Correct' }).click();
    const form = card.getByRole('form', { name: 'Correct the question' });
    await form.getByLabel('Explanation').fill('Corrected after a student report: see the NCERT text.');
    await form.getByRole('button', { name: 'Save the correction' }).click();
    await page.getByRole('status').filter({ hasText: /^Corrected\. \d+ students? will be told they were right\.$/ }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('listitem', { name: question }).count()).toBe(0);
    await screenshot(page, 'flags-admin-corrected');
  });

  it('the student sees the notice on the dashboard', async () => {
    await student.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(student);
    const notices = student.getByRole('region', { name: 'Notices' });
    await notices.getByText(/^You were right about question “/).waitFor({ timeout: 20_000 });
    expect(await notices.textContent()).toContain(question.slice(0, 40));
    await screenshot(student, 'flags-student-notice');

    // It stays until the student marks it seen; then it is gone, after a reload too (the read state is the server's).
    await student.reload();
    await notices.getByText(/^You were right about question “/).waitFor({ timeout: 20_000 });
    await notices.getByRole('button', { name: /^Got it: You were right about question “/ }).click();
    await notices.waitFor({ state: 'detached', timeout: 20_000 });
    const unseen = await (await student.request.get(`${baseUrl()}/api/question-flags/notices`)).json() as { notices: unknown[] };
    expect(unseen.notices).toEqual([]);
    const asked = student.waitForResponse((r) => new URL(r.url()).pathname === '/api/question-flags/notices', { timeout: 30_000 });
    await student.reload();
    await asked;
    expect(await student.getByRole('region', { name: 'Notices' }).count()).toBe(0);
    await screenshot(student, 'flags-student-notice-seen');
  });
});
