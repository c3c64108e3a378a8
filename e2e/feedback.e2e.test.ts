/**
 * Issue 14: feedback and support, against the whole platform. A learner sends feedback with a screenshot and sees
 * the ticket number; the owner (with the admin password) finds it in the inbox, sees the screenshot and replies;
 * the learner sees the reply at once, on the page they have open; a submission that cannot reach the server says 'Failed to submit feedback.'. A cancellation request from the seeded subscriber is filed and its
 * feedback.ticket.created event is on the EVENTS stream for billing.
 */
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, acceptDisclaimerIfShown, signIn, signInAsNewLearner } from './support/auth.ts';
import { seriousAxeViolations } from './support/a11y.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

/** A real 1×1 PNG, so the inbox can show it as an image. */
const SCREENSHOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const { newPage: freshPage } = chromiumForFile();

async function openFeedback(page: Page) {
  await page.goto(`${baseUrl()}/feedback`);
  await acceptDisclaimerIfShown(page);
  await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
}

async function send(page: Page, fields: { category?: string; subject: string; message: string; file?: boolean }) {
  if (fields.category) await page.getByLabel('Category').selectOption({ label: fields.category });
  await page.getByLabel('Subject').fill(fields.subject);
  await page.getByLabel(fields.category === 'Cancel subscription' ? 'Reason' : 'Message').fill(fields.message);
  if (fields.file) {
    await page.getByLabel('Screenshot (optional)').setInputFiles({ name: 'quiz-freeze.png', mimeType: 'image/png', buffer: SCREENSHOT });
    await expect(page.getByTestId('feedback-attachment-name').textContent()).resolves.toContain('quiz-freeze.png');
  }
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await page.getByText('Your ticket number is:').waitFor({ timeout: 20_000 });
  return (await page.getByTestId('ticket-number').textContent())!.trim();
}

describe('feedback and support', () => {
  let learnerPage: Page;
  let ticketNumber: string;
  const subject = `Quiz freezes ${Date.now().toString(36)}`;

  it('a learner sends feedback with a screenshot and sees the ticket number', async () => {
    learnerPage = await freshPage();
    await signInAsNewLearner(learnerPage, { name: 'Feedback Learner' });
    await openFeedback(learnerPage);
    await expect(learnerPage.getByText('Help us improve the product').isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations(learnerPage)).toEqual([]);
    ticketNumber = await send(learnerPage, { subject, message: 'After question 3 the Next button does nothing.', file: true });
    expect(ticketNumber).toMatch(/^LP-\d{4}-\d{6}$/);
    await learnerPage.getByText('Thank you for sharing your valuable feedback, we respect your time and effort to improve the application.').waitFor();
    await learnerPage.getByText("We'll review your feedback and get back to you if needed.").waitFor();
    await learnerPage.locator('.lp-toast__title', { hasText: 'Feedback submitted!' }).waitFor();
    await learnerPage.locator('.lp-toast__description', { hasText: `Your ticket number is ${ticketNumber}` }).waitFor();
    await learnerPage.locator(`[data-ticket="${ticketNumber}"]`).getByText('Open').waitFor();
    await screenshot(learnerPage, 'feedback-thank-you');
  });

  it("a submission that cannot reach the server says the spec's 'Failed to submit feedback.' and keeps what was typed", async () => {
    const page = await freshPage();
    await signInAsNewLearner(page, { name: 'Offline Learner' });
    await openFeedback(page);
    await page.getByLabel('Subject').fill('Sent from the bus');
    await page.getByLabel('Message').fill('The signal dropped while I was sending this.');
    // The connection drops on the way (Chromium's own network error), as on a phone losing its signal: no server
    // answer, so no server text.
    const dropped = (route: Route) => route.abort('internetdisconnected');
    await page.route('**/api/feedback', dropped);
    try {
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await page.locator('.lp-toast__title', { hasText: 'Submission failed' }).waitFor({ timeout: 20_000 });
      await page.locator('.lp-toast__description', { hasText: 'Failed to submit feedback.' }).waitFor();
      expect(await page.getByText('Please try again later').count()).toBe(0);
    } finally {
      await page.unroute('**/api/feedback', dropped);
    }
    expect(await page.getByLabel('Subject').inputValue()).toBe('Sent from the bus');
    expect(await page.getByRole('button', { name: 'Submit Feedback' }).isDisabled()).toBe(false);
  });

  it('the owner finds it in the inbox with its screenshot and replies', async () => {
    const page = await freshPage();
    // The owner's inbox is behind the admin guard: without the admin password it sends the owner to /admin-login.
    await signIn(page, 'owner');
    await page.goto(`${baseUrl()}/admin-feedback`);
    await acceptDisclaimerIfShown(page);
    await page.waitForURL((url) => url.pathname === '/admin-login');
    await page.getByLabel('Admin password').fill(DEMO_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-upload');
    // Straight on, while the upload page may still be checking: leaving it must not cost the admin flag.
    await page.goto(`${baseUrl()}/admin-feedback`);
    await page.getByRole('heading', { level: 1, name: 'Feedback Inbox' }).waitFor();
    await page.locator(`[data-ticket="${ticketNumber}"]`).getByRole('button', { name: new RegExp(`^${ticketNumber}.*${subject}`) }).click();
    await page.getByTestId('ticket-message').getByText('After question 3 the Next button does nothing.').waitFor();
    const image = page.getByRole('img', { name: `Screenshot attached to ${ticketNumber}` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Meanwhile the learner has the dashboard open, its push stream held: the reply reaches it without a reload.
    const streamOpen = learnerPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', { timeout: 20_000 });
    await learnerPage.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(learnerPage);
    await learnerPage.getByRole('button', { name: /^Account menu for/ }).waitFor({ timeout: 20_000 });
    await streamOpen;
    await page.getByLabel('Status').selectOption('resolved');
    await page.getByLabel('Reply to the learner (optional)').fill('Thanks! Fixed in today\'s release.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.locator('.lp-toast__title', { hasText: 'Reply sent' }).waitFor();
    await screenshot(page, 'feedback-inbox-ticket');

    // The screenshot is never public: the learner's own browser is refused.
    const leaked = await learnerPage.request.get(`${baseUrl()}/api/admin/feedback/${ticketNumber}/attachment`);
    expect(leaked.status()).toBe(403);
  });

  it('the learner sees the reply as a notice on the page open when it was sent: a toast and a count on the account menu, then never again (issue 31 §17)', async () => {
    expect(new URL(learnerPage.url()).pathname).toBe('/dashboard'); // no reload since the reply
    await learnerPage.locator('.lp-toast__title', { hasText: 'Reply to your feedback' }).waitFor({ timeout: 20_000 });
    await learnerPage.locator('.lp-toast', { hasText: `${ticketNumber} · ${subject}: Thanks! Fixed in today's release.` }).first().waitFor();
    const count = learnerPage.locator('.lp-user-menu__trigger .lp-badge');
    await count.waitFor();
    expect(await count.textContent()).toBe('1, 1 new feedback reply');
    await screenshot(learnerPage, 'feedback-reply-notice');
    await learnerPage.getByRole('button', { name: /^Account menu for/ }).click();
    await learnerPage.getByRole('menuitem', { name: '1 new feedback reply' }).click();
    await learnerPage.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    await count.waitFor({ state: 'detached' });
    // Seen: the next page load shows no toast and no count (stored server-side, not in this tab).
    await learnerPage.goto(`${baseUrl()}/dashboard`);
    await learnerPage.getByRole('button', { name: /^Account menu for/ }).waitFor({ timeout: 20_000 });
    const notices = await learnerPage.request.get(`${baseUrl()}/api/feedback/notices`);
    expect((await notices.json()).notices).toEqual([]);
    expect(await count.count()).toBe(0);
  });

  it('the learner sees the reply on their tickets', async () => {
    await openFeedback(learnerPage);
    const ticket = learnerPage.locator(`[data-ticket="${ticketNumber}"]`);
    await ticket.getByTestId('ticket-reply').getByText("Thanks! Fixed in today's release.").waitFor();
    await ticket.getByText('Resolved').waitFor();
  });

  it('a cancellation request from the seeded subscriber is filed and announced to billing', async () => {
    const page = await freshPage();
    await signIn(page, 'subscriber');
    await openFeedback(page);
    await page.getByLabel('Category').selectOption({ label: 'Cancel subscription' });
    await page.getByRole('note', { name: 'Refund and cancellation policy' }).getByText(/within 7 days/).waitFor();
    const reason = `Moving to another board (${Date.now().toString(36)})`;
    const since = new Date(Date.now() - 5_000);
    const number = await send(page, { category: 'Cancel subscription', subject: 'Please cancel my subscription', message: reason });
    let event: Awaited<ReturnType<typeof ticketEvents>> = [];
    for (const deadline = Date.now() + 30_000; event.length === 0 && Date.now() < deadline;) {
      // The stream is shared with the integration tests run before (their own databases number their own tickets):
      // this ticket is the subscriber's with this number.
      event = (await ticketEvents(since)).filter((e) => e.data.ticketNumber === number && e.data.userId === '64d1de000000000000000002');
      if (event.length === 0) await new Promise((r) => setTimeout(r, 300));
    }
    expect(event).toHaveLength(1);
    expect(event[0]!.data).toMatchObject({ ticketNumber: number, category: 'cancel-subscription', subject: 'Please cancel my subscription', message: reason, userId: '64d1de000000000000000002' });
  });
});

/**
 * The feedback.ticket.created envelopes on the EVENTS stream of the stack under test, stored since `since` (the
 * stream also holds every event the integration tests published before: reading only the recent ones keeps this
 * quick).
 */
async function ticketEvents(since: Date): Promise<Array<{ id: string; data: { ticketNumber: string; category: string; subject: string; message?: string; userId: string } }>> {
  const nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') }); // several under `npm run cluster`
  try {
    const jsm = await jetstreamManager(nc);
    const name = `e2e_feedback_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await jsm.consumers.add('EVENTS', { name, filter_subject: 'feedback.ticket.created', deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString(), ack_policy: AckPolicy.None, inactive_threshold: 30e9 });
    const consumer = await jetstream(nc).consumers.get('EVENTS', name);
    const out = [];
    for (;;) {
      let n = 0;
      for await (const m of await consumer.fetch({ max_messages: 500, expires: 1000 })) { n++; out.push(m.json<{ id: string; data: { ticketNumber: string; category: string; subject: string; message?: string; userId: string } }>()); }
      if (n === 0) break;
    }
    await jsm.consumers.delete('EVENTS', name).catch(() => undefined);
    return out;
  } finally {
    await nc.close();
  }
}
