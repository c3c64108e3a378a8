/**
 * Issue 33 §3: the admin upload with the keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7). The owner elevates (Tab to the
 * admin password, Enter), Tabs to Raw JSON, pastes a chapter into the text, processes it; the preview takes the focus,
 * keeps it while Tab goes round, Escape closes it back to Process JSON; opened again, Confirm and Publish publishes it and the focus is again on
 * Process JSON, never lost on the page. Each step's focus is visible.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, DEMO_ADMIN_PASSWORD, signIn } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';
import { focused, tabTo } from './support/keyboard.ts';

const { newPage } = chromiumForFile();

const inPreview = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

/** Whether the focused element's whole ring (outline plus its offset) lies inside the box that scrolls it (not clipped). */
const ringUnclipped = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement;
  const style = getComputedStyle(el);
  const out = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  let box = el.parentElement;
  while (box && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflow)) box = box.parentElement;
  if (!box) return true;
  const r = el.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  return r.left - out >= b.left && r.right + out <= b.right && r.top - out >= b.top && r.bottom + out <= b.bottom;
});

describe('keyboard only, with a visible focus on each step: the admin upload', () => {
  it('Raw JSON: choose the method, paste, Process JSON, review the preview (Escape closes it), Confirm and Publish', async () => {
    const page = await newPage();
    await signIn(page, 'owner');
    // Elevation from the keyboard too: Tab to the admin password, type it, Enter submits.
    await page.goto(`${baseUrl()}/admin-login`);
    await acceptDisclaimerIfShown(page);
    await page.getByLabel('Admin password').waitFor({ timeout: 20_000 });
    await tabTo(page, (f) => f.tag === 'INPUT' && f.type === 'password', 'the admin password');
    await page.keyboard.type(DEMO_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin-upload', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Content Upload' }).waitFor({ timeout: 20_000 });

    await tabTo(page, (f) => f.tag === 'BUTTON' && f.name === 'Use Raw JSON', 'Use Raw JSON');
    await page.keyboard.press('Enter');
    await page.getByLabel('JSON content').waitFor();
    await tabTo(page, (f) => f.tag === 'TEXTAREA', 'the JSON content');
    const chapter = `Keyboard Chapter ${Date.now().toString(36)}`;
    const tree = {
      className: 'CBSE Class 12',
      subjects: [{ name: 'Biology', chapters: [{ name: chapter, number: 141, topics: [{ name: 'Keys', questions: [
        { question: `Which key closes a dialog in ${chapter}?`, type: 'multiple_choice', options: ['Escape', 'Home'], correctAnswer: 'Escape' },
      ] }] }] }],
    };
    // As pasted: the whole text at once.
    await page.keyboard.insertText(JSON.stringify(tree, null, 2));
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.name === 'Process JSON', 'Process JSON');
    await page.keyboard.press('Enter');

    // The preview takes the focus, so Tab starts inside it.
    const preview = page.getByRole('dialog', { name: 'Preview Content' });
    await preview.getByText('New chapter').waitFor({ timeout: 20_000 });
    await expect.poll(() => inPreview(page), { timeout: 20_000 }).toBe(true);
    expect((await focused(page)).visible).toBe(true);
    expect(await ringUnclipped(page)).toBe(true);
    await screenshot(page, 'admin-keyboard-preview');

    // Escape closes it (nothing published) and the focus is back where processing started.
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    // Radix gives the focus back a task after the dialog leaves the page.
    await expect.poll(() => focused(page), { timeout: 5_000 }).toMatchObject({ tag: 'BUTTON', name: 'Process JSON', visible: true });

    await page.keyboard.press('Enter');
    await expect.poll(() => inPreview(page), { timeout: 20_000 }).toBe(true);
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.name === 'Confirm and Publish', 'Confirm and Publish');
    await screenshot(page, 'admin-keyboard-confirm');
    // Tab goes round inside the dialog: the page behind cannot take the focus (no way out but Escape or a button).
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await inPreview(page)).toBe(true);
    }
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.name === 'Confirm and Publish', 'Confirm and Publish');
    await page.keyboard.press('Enter');

    await page.locator('.lp-toast').filter({ hasText: 'Upload successful' }).waitFor({ timeout: 20_000 });
    await preview.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), { timeout: 5_000 }).toMatchObject({ tag: 'BUTTON', name: 'Process JSON', visible: true });
    await screenshot(page, 'admin-keyboard-published');
    const res = await page.request.get(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
    const subjects = (await res.json()) as Array<{ name: string; chapters: Array<{ name: string }> }>;
    expect(subjects.find((s) => s.name === 'Biology')!.chapters.map((c) => c.name)).toContain(chapter);
  }, 60_000);
});
