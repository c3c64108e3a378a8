/**
 * Signing in through the embedded default's local OpenID provider, the same grant flow Google uses.
 * Its login page lists the demo accounts by name; a test picks one.
 */
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

export const DEMO_ACCOUNTS = {
  learner: 'Asha Learner',
  subscriber: 'Ravi Subscriber',
  owner: 'Owner Admin',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** The embedded default's admin password (svc-identity uses it when ADMIN_PASSWORD_HASH is unset). */
export const DEMO_ADMIN_PASSWORD = 'admin-demo';

/** Navigates to /api/login, picks the demo account on the provider's page and waits to be back home. */
export async function signIn(page: Page, account: DemoAccount) {
  await page.goto(`${baseUrl()}/api/login`);
  await page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS[account]) }).click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin, { timeout: 20_000 });
}

/**
 * Signs in as a learner of the test's own through the provider's "New learner" form (a fresh free learner per
 * e-mail, the same one for the same e-mail), so a test need not change the shared demo accounts. The e-mail must
 * be at a test domain; by default a unique one is made.
 */
export async function signInAsNewLearner(page: Page, { name = 'Test Learner', email = `learner-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo.test` } = {}) {
  await page.goto(`${baseUrl()}/api/login`);
  const form = page.getByRole('form', { name: 'New learner' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Continue as a new learner' }).click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin, { timeout: 20_000 });
  return { name, email };
}

/** Accepts the disclaimer modal if it is showing (it covers protected pages until accepted once). */
export async function acceptDisclaimerIfShown(page: Page) {
  // In either language: a learner whose page is in Hindi sees "ज़रूरी अस्वीकरण" and "स्वीकार करें".
  const dialog = page.getByRole('dialog', { name: /disclaimer|अस्वीकरण/i });
  // The modal opens only once the user and the disclaimer status have loaded; the shell marks
  // <html data-lp-auth data-lp-disclaimer> as it learns them, so wait for it to settle first.
  await page.waitForFunction(() => {
    const d = document.documentElement.dataset;
    return !!d.lpAuth && d.lpAuth !== 'loading' && !!d.lpDisclaimer && d.lpDisclaimer !== 'checking';
  }, null, { timeout: 15_000 });
  // 'required': the modal is coming (its dialog code is a chunk loaded on first use), maybe not painted yet.
  const required = await page.evaluate(() => document.documentElement.dataset.lpDisclaimer === 'required');
  if (required || (await dialog.isVisible().catch(() => false))) {
    await dialog.getByRole('button', { name: /accept|स्वीकार करें/i }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** The owner's admin step-up: /admin-login with the demo admin password, then the upload page. */
export async function elevateToAdmin(page: Page) {
  await page.goto(`${baseUrl()}/admin-login`);
  await acceptDisclaimerIfShown(page);
  await page.getByLabel('Admin password').fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await page.waitForURL((url) => url.pathname === '/admin-upload');
  await page.getByRole('heading', { level: 1, name: 'Content Upload' }).waitFor();
}

export async function signOut(page: Page) {
  await page.goto(`${baseUrl()}/api/logout`);
  await page.waitForURL((url) => url.pathname === '/');
}
