/**
 * Issue 13 (plans and payments) in a real browser against the gateway (E2E_BASE_URL): a new free learner buys the
 * yearly plan through each local stand-in's checkout page (Razorpay or PayPal for India, both in INR; PayPal for
 * Europe), lands on the
 * dashboard after 'Payment successful', starts a full chapter quiz with no upgrade dialog, and finds the payment
 * in green on /payment-status; an order left unpaid is grey there. New learners keep the shared demo learner free for the other tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/a11y.ts';
import { acceptDisclaimerIfShown, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

interface ChapterRef { id: string; name: string }
interface SubjectRef { name: string; chapters: ChapterRef[] }

let chapters: ChapterRef[] = [];

const { newPage } = chromiumForFile();

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  chapters = ((await res.json()) as SubjectRef[]).flatMap((s) => s.chapters);
});

async function newLearnerPage(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(viewport ? { viewport } : {});
  await signInAsNewLearner(page);
  await page.goto(`${baseUrl()}/subscription`);
  await acceptDisclaimerIfShown(page);
  return page;
}

async function status(page: Page) {
  const res = await page.request.get(`${baseUrl()}/api/subscription/status`);
  return (await res.json()) as { subscriptionStatus: string; trialQuizzesRemaining: number };
}

/** Buys on /subscription: region, the gateway's button, then Pay on the stand-in's checkout page. */
/** `price`: as our pages write it ("₹500"); `charged`: as the gateway's own page writes it ("INR 500.00"). */
async function buy(page: Page, region: 'india' | 'europe', button: RegExp, price: string, charged: string) {
  await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Region and currency').selectOption(region);
  await page.getByText(`${price} per year`).waitFor();
  await screenshot(page, `billing-subscription-${region}`);
  expect(await seriousAxeViolations(page, { exclude: ['.lp-nav'] })).toEqual([]);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.origin !== new URL(baseUrl()).origin, { timeout: 20_000 });
  await page.getByText(`Amount: ${charged}`).waitFor();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByText('Payment successful').waitFor({ timeout: 20_000 });
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
}

/** A full chapter quiz opens at its first question, with no upgrade dialog, and leaves the free trial unused. */
async function startFullQuiz(page: Page, chapter: ChapterRef) {
  expect(await status(page)).toMatchObject({ subscriptionStatus: 'active', trialQuizzesRemaining: 1 });
  await page.goto(`${baseUrl()}/quiz/chapter/${chapter.id}`);
  await acceptDisclaimerIfShown(page);
  await page.getByText(/^Question 1 of \d+$/).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('dialog', { name: 'Upgrade to Premium' }).count()).toBe(0);
  expect((await status(page)).trialQuizzesRemaining).toBe(1);
}

/** A subscriber back on /subscribe sees the plan and its end date, and pays again only by choosing to add a year. */
async function subscribePageShowsThePlan(page: Page) {
  await page.goto(`${baseUrl()}/subscribe`);
  await acceptDisclaimerIfShown(page);
  await page.getByRole('heading', { name: /^Premium until \d{1,2} [A-Z][a-z]{2} \d{4}$/ }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('button', { name: /^Pay with/ }).count()).toBe(0);
  await screenshot(page, 'billing-subscribe-subscriber');
  await page.getByRole('button', { name: /^Add one more year \(.+\): premium until \d{1,2} [A-Z][a-z]{2} \d{4}$/ }).click();
  await page.getByRole('group', { name: 'Payment options' }).getByRole('button', { name: /Pay with Razorpay/ }).waitFor();
}

/** From the account menu, My plan and payments: the receipt with amount, date, method and valid-until, printable. */
async function receiptFromTheAccountMenu(page: Page, amount: string, method: string) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My plan and payments' }).click();
  await page.getByRole('heading', { level: 1, name: 'My plan and payments' }).waitFor({ timeout: 20_000 });
  await page.getByRole('heading', { name: /^Premium until \d{1,2} [A-Z][a-z]{2} \d{4}$/ }).waitFor({ timeout: 20_000 });
  const receipt = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').first();
  const text = await receipt.textContent();
  expect(text).toContain(amount);
  expect(text).toContain(`Method${method}`);
  expect(text).toMatch(/Paid on\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)/);
  expect(text).toMatch(/Valid until\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await screenshot(page, 'billing-my-plan');
  // Printed, only the receipt shows: the site's header is hidden by the print stylesheet.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.querySelector('.lp-receipt')!.classList.add('lp-receipt--printing'));
  expect(await page.locator('header.lp-header').first().evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
  // (a hidden list leaves the accessibility tree, so the printed receipt is found by its class)
  expect(await page.locator('.lp-receipt--printing').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
  await screenshot(page, 'billing-my-plan-print');
  await page.emulateMedia({ media: 'screen' });
}

/** The newest transaction on /payment-status is captured, in green, with the amount paid. */
async function paidInGreen(page: Page, amount: string, method: string) {
  await page.goto(`${baseUrl()}/payment-status`);
  await acceptDisclaimerIfShown(page);
  const row = page.getByRole('list', { name: 'Payments' }).locator('li[data-status="captured"]').first();
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toContain(amount);
  expect(await row.textContent()).toContain(method);
  const badge = row.locator('.lp-badge');
  expect(await badge.getAttribute('class')).toContain('lp-badge--success');
  expect(await badge.textContent()).toBe('Paid');
  const [colour, green] = await badge.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.documentElement).getPropertyValue('--lp-success').trim()]);
  expect(colour).not.toBe('');
  expect(green).not.toBe('');
  expect(await page.getByTestId('count-successful').textContent()).toBe('1');
  await screenshot(page, `billing-payment-status-${method.toLowerCase()}`);
  expect(await seriousAxeViolations(page, { exclude: ['.lp-nav'] })).toEqual([]);
}

// Each test is a new learner of its own in a context of its own, so they run side by side.
describe.concurrent('buying the yearly plan', { timeout: 120_000 }, () => {
  it('a new learner pays ₹500 through the Razorpay checkout page and studies a full chapter', async () => {
    const page = await newLearnerPage();
    expect((await status(page)).subscriptionStatus).not.toBe('active');
    await buy(page, 'india', /Pay with Razorpay/, '₹500', 'INR 500.00');
    await startFullQuiz(page, chapters[0]!);
    await paidInGreen(page, '₹500', 'Razorpay');
    await subscribePageShowsThePlan(page);
  });

  it('a new learner pays €5 through the PayPal checkout page and studies a full chapter', async () => {
    const page = await newLearnerPage();
    await buy(page, 'europe', /Pay with PayPal/, '€5', 'EUR 5.00');
    await startFullQuiz(page, chapters[1]!);
    await paidInGreen(page, '€5', 'PayPal');
    await receiptFromTheAccountMenu(page, '€5', 'PayPal');
  });

  it('a learner in India is offered Razorpay and PayPal, each charging ₹500 and saying what it takes, and pays through PayPal', async () => {
    const page = await newLearnerPage();
    await page.getByLabel('Region and currency').selectOption('india');
    const options = page.getByRole('group', { name: 'Payment options' });
    expect(await options.getByRole('button').allTextContents()).toEqual(['Pay with Razorpay (₹500)', 'Pay with PayPal (₹500)']);
    await options.getByText('UPI, cards, netbanking').waitFor();
    await options.getByText('Cards and PayPal balance').waitFor();
    await buy(page, 'india', /Pay with PayPal/, '₹500', 'INR 500.00');
    await startFullQuiz(page, chapters[2]!);
    await paidInGreen(page, '₹500', 'PayPal');
  });

  it('on a phone, an order opened and never paid is listed apart in grey, saying no money was taken, and nothing scrolls sideways', async () => {
    const page = await newLearnerPage({ width: 360, height: 740 });
    await page.getByLabel('Region and currency').selectOption('india');
    await page.getByRole('button', { name: /Pay with Razorpay/ }).click();
    await page.waitForURL((url) => url.origin !== new URL(baseUrl()).origin, { timeout: 20_000 });
    await page.getByText('Amount: INR 500.00').waitFor();
    // The learner leaves the checkout page without paying or cancelling.
    await page.goto(`${baseUrl()}/payment-status`);
    await acceptDisclaimerIfShown(page);
    const apart = page.getByRole('list', { name: 'Checkouts not completed' });
    const row = apart.locator('li[data-status="created"]').first();
    await row.waitFor({ timeout: 20_000 });
    await page.getByText('You opened these checkouts but did not pay. No money was taken.').waitFor();
    expect(await page.getByTestId('count-pending').textContent()).toBe('0');
    expect(await page.getByRole('list', { name: 'Payments' }).count()).toBe(0);
    const badge = row.locator('.lp-badge');
    expect(await badge.textContent()).toBe('Not completed');
    // Cards, not a table: the page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'billing-payment-status-phone-not-completed');
    expect(await badge.getAttribute('class')).toContain('lp-badge--muted');
    // The colour on screen, against the design system's grey and yellow resolved the same way.
    const [colour, grey, yellow] = await badge.evaluate((el) => {
      const resolved = (v: string) => { const s = document.createElement('span'); s.style.color = `var(${v})`; document.body.append(s); const c = getComputedStyle(s).color; s.remove(); return c; };
      return [getComputedStyle(el).color, resolved('--lp-text-muted'), resolved('--lp-warning')];
    });
    expect(colour).toBe(grey);
    expect(colour).not.toBe(yellow);
    expect((await status(page)).subscriptionStatus).not.toBe('active');
  });

  it('a cancelled checkout says so and charges nothing', async () => {
    const page = await newLearnerPage();
    await page.getByLabel('Region and currency').selectOption('india');
    await page.getByRole('button', { name: /Pay with Razorpay/ }).click();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Payment Cancelled').waitFor({ timeout: 20_000 });
    await page.getByText('Your payment was cancelled. You can try again anytime').waitFor();
    expect((await status(page)).subscriptionStatus).not.toBe('active');
  });
});

describe('asking for a refund (issue 31 §1)', () => {
  it('on a phone, a parent asks in Feedback, is sent to My plan, sees ₹500 back in 5-7 business days, confirms, premium ends and the ticket reads Resolved', async () => {
    const page = await newLearnerPage({ width: 360, height: 740 });
    await buy(page, 'india', /Pay with Razorpay/, '₹500', 'INR 500.00');
    // The feedback form's refund category refunds nothing by itself: it says so and leads to the refund flow.
    await page.goto(`${baseUrl()}/feedback`);
    await acceptDisclaimerIfShown(page);
    await page.getByLabel('Category').selectOption({ label: 'Refund request' });
    await page.getByRole('note', { name: 'Refund and cancellation policy' }).getByText('Nothing is refunded when you send this.').waitFor();
    await page.getByLabel('Subject').fill('Refund please');
    await page.getByLabel('Reason').fill('My daughter is moving to another board.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    const ticketNumber = (await page.getByTestId('ticket-number').textContent())!;
    await page.getByText('Nothing has been refunded yet.').waitFor();
    expect((await status(page)).subscriptionStatus).toBe('active');
    await screenshot(page, 'billing-refund-phone-1-ticket');

    await page.getByRole('link', { name: 'Review and confirm your refund', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My plan and payments' }).waitFor({ timeout: 20_000 });
    const summary = page.getByTestId('refund-summary');
    await summary.waitFor({ timeout: 20_000 });
    expect(await summary.textContent()).toBe('₹500 back to the original method in 5-7 business days; premium ends now.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'billing-refund-phone-2-what-will-happen');
    expect(await seriousAxeViolations(page, { exclude: ['.lp-nav'] })).toEqual([]);
    expect((await status(page)).subscriptionStatus).toBe('active'); // seeing the quote changed nothing

    await page.getByRole('button', { name: 'Confirm refund' }).click();
    const done = page.getByRole('region', { name: 'Refund confirmed' });
    await done.getByText('₹500 is on its way back to your original payment method (Razorpay): it arrives within 5-7 business days. Premium has ended.').waitFor({ timeout: 20_000 });
    await done.getByText(`Your ticket ${ticketNumber} is marked resolved with this outcome.`).waitFor();
    await page.getByRole('heading', { name: 'No plan yet' }).waitFor({ timeout: 20_000 });
    // The receipt now reads Refunded, not Paid.
    await page.getByRole('list', { name: 'Payments' }).locator('li[data-status="refunded"]').getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'billing-refund-phone-3-done');
    expect((await status(page)).subscriptionStatus).not.toBe('active');

    // The ticket the parent asked in reads Resolved, with what was done (svc-feedback learns it from billing's event).
    const ticket = page.locator(`[data-ticket="${ticketNumber}"]`);
    for (const deadline = Date.now() + 20_000; ;) {
      await page.goto(`${baseUrl()}/feedback`);
      await ticket.waitFor({ timeout: 20_000 });
      if ((await ticket.getByText('Resolved', { exact: true }).count()) > 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await ticket.getByText('Resolved', { exact: true }).waitFor({ timeout: 1_000 });
    expect(await ticket.getByTestId('ticket-outcome').textContent()).toContain('Refunded: Full refund approved');
    await screenshot(page, 'billing-refund-phone-4-ticket-resolved');
  });
});

