/**
 * Issue 3 (shell): authentication states, the route sets of both states, the navigation by role,
 * the disclaimer modal, sign-out, the policy pages and the 404 page, axe checks and the 360 px
 * layout, in Chromium against the gateway (E2E_BASE_URL). Each test uses its own browser context
 * and signs in fresh through the local OpenID provider's demo accounts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, seriousAxeViolations } from './support/a11y.ts';
import { acceptDisclaimerIfShown, DEMO_ACCOUNTS, signIn, type DemoAccount } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

const LANDING = 'Master Knowledge Through Smart Repetition';
const HOME = 'Learn it once. Remember it for the exam.';
const NOT_FOUND = '404 Page Not Found';
const POLICIES = [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/refund-policy', title: 'Refund Policy' },
  { path: '/disclaimer', title: 'Disclaimer' },
];
const DISCLAIMER_STATUS = '**/api/auth/disclaimer/status';
const DISCLAIMER_ACCEPT = '**/api/auth/disclaimer/accept';

const { newPage } = chromiumForFile();

const url = (path: string) => `${baseUrl()}${path}`;
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const disclaimerDialog = (page: Page) => page.getByRole('dialog', { name: /disclaimer/i });

/** Waits until the shell knows who is signed in and whether the disclaimer is needed (<html data-lp-*>). */
async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const d = document.documentElement.dataset;
      return !!d.lpAuth && d.lpAuth !== 'loading' && !!d.lpDisclaimer && d.lpDisclaimer !== 'checking';
    },
    null,
    { timeout: 15_000 },
  );
}

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await settled(page);
}

async function signInAs(page: Page, account: DemoAccount) {
  await signIn(page, account);
  await settled(page);
  await acceptDisclaimerIfShown(page);
}

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const findings = await seriousAxeViolations(page);
  expect(findings, `axe on ${what}`).toEqual([]);
}

describe('shell: signed out', () => {
  it('shows "Loading..." full screen while the user is being checked', async () => {
    // On a page that is not prerendered: `/` and a challenge link paint their prerendered HTML instead (prerender.e2e).
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/privacy-policy'));
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, 'shell-loading');
    release();
    await h1(page, 'Privacy Policy').waitFor();
    expect(await page.getByText('Loading...').count()).toBe(0);
  });

  it('on a 360x740 phone the first screen says what it is, asks the class, and a subject tile opens that subject (issue 31 §11)', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    await open(page, '/');
    await h1(page, LANDING).waitFor();
    const inFirstScreen = async (locator: ReturnType<Page['getByText']>) => {
      const box = await locator.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= 740;
    };
    expect(await inFirstScreen(page.getByText('CBSE Class 10, 11 and 12 · 2025-26 syllabus'))).toBe(true);
    expect(await inFirstScreen(page.getByText(/^Chapter-wise quizzes and spaced revision for CBSE Class 10 and 12/))).toBe(true);
    const classes = page.getByRole('list', { name: 'Try a free sample quiz. Which class are you in?' });
    for (const label of ['Class 10', 'Class 11', 'Class 12']) expect(await inFirstScreen(classes.getByRole('link', { name: label, exact: true }))).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: await screenshot(page, 'first-landing-360').then((f) => f.replace(/\.png$/, '-first-screen.png')) });

    // Class 10: the dashboard on Class 10, remembered for the next visit to the dashboard.
    await classes.getByRole('link', { name: 'Class 10', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Science', exact: true }).waitFor({ timeout: 20_000 });
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 2, name: 'Science', exact: true }).waitFor({ timeout: 20_000 });

    // A subject tile: that subject only, not "All subjects".
    await open(page, '/');
    await page.getByRole('list', { name: 'Available subjects' }).getByRole('link', { name: /Physics/ }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Physics', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Subject', { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Physics');
    expect(await page.getByRole('heading', { level: 2, name: 'Biology', exact: true }).count()).toBe(0);
    await screenshot(page, 'first-subject-tile-physics-360');
  });

  it('the landing page: sections, subjects, and sign-in buttons that navigate to /api/login', async () => {
    const page = await newPage();
    await open(page, '/');
    await h1(page, LANDING).waitFor();
    for (const name of ['Smart Spaced Repetition', 'Challenge Friends', 'Track Progress']) {
      expect(await page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('list', { name: 'Available subjects' }).getByRole('listitem').count()).toBe(6);
    expect(await page.getByRole('list', { name: 'Subjects coming soon' }).getByRole('listitem').count()).toBe(3);
    expect(await page.getByText('Research on spaced repetition reports retention up to 90% better than cramming.').isVisible()).toBe(true);

    // Visitors: Home and Dashboard, no Feedback, no Admin menu, a Sign in with Google button.
    const nav = mainNav(page);
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Feedback' }).count()).toBe(0);
    expect(await nav.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'AI accuracy notice' }).count()).toBe(0);

    const signIns = page.getByRole('link', { name: /sign in with google/i });
    expect(await signIns.count()).toBe(2); // the header's and the call to action's (the hero asks the class instead)
    for (const link of await signIns.all()) expect(await link.getAttribute('href')).toBe('/api/login');
    await screenshot(page, 'shell-landing');

    // A real navigation (not the in-page router): the browser loads /api/login, which goes to the provider.
    const navigation = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/login' && r.isNavigationRequest());
    await nav.getByRole('link', { name: /sign in with google/i }).click();
    await navigation;
    await page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.learner) }).waitFor();
  });

  it('the signed-out route set: protected pages go to /, unknown paths show the landing page', async () => {
    const page = await newPage();
    // The plan pages send a visitor to sign in and back.
    for (const path of ['/subscribe', '/subscription']) {
      const signIn = page.waitForRequest((r) => r.url() === url(`/api/login?returnTo=${encodeURIComponent(path)}`) && r.isNavigationRequest());
      await page.goto(url(path));
      await signIn;
      await page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.learner) }).waitFor();
    }
    for (const path of ['/feedback', '/admin-upload', '/admin-revision-settings', '/topic/any', '/payment-status']) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === '/');
      await h1(page, LANDING).waitFor();
    }
    await page.goto(url('/some/unknown'));
    await h1(page, LANDING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/some/unknown');

    // Visitors get a dashboard (with a Login link) and the sample pages.
    await page.goto(url('/dashboard'));
    await h1(page, 'Dashboard').waitFor();
    await page.goto(url('/test-quiz'));
    await h1(page, 'Test Quiz').waitFor();
    await page.goto(url('/admin-login'));
    await h1(page, 'Admin Login').waitFor();
  });

  it('the policy pages: title, description, Back to Home top and bottom, last updated, top of the page', async () => {
    const page = await newPage();
    const today = new Date().toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    await open(page, '/');
    const landingDescription = await page.locator('meta[name="description"]').getAttribute('content');
    for (const policy of POLICIES) {
      await open(page, '/');
      await h1(page, LANDING).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // From the footer, in-page.
      await page.getByRole('contentinfo').getByRole('link', { name: policy.title, exact: true }).click();
      await h1(page, policy.title).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.title()).toBe(`${policy.title} · LearnPlatform`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(60);
      expect(description).not.toBe(landingDescription);
      expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(2);
      expect(await page.getByText(`Last updated: ${today}`).isVisible()).toBe(true);
      expect(await page.getByText(/Thiruvananthapuram, Kerala/).isVisible()).toBe(true);
      await screenshot(page, `shell-policy${policy.path.replace(/\//g, '-')}`);
    }
    await page.goto(url('/refund-policy'));
    await h1(page, POLICIES.find((p) => p.path === '/refund-policy')!.title).waitFor();
    const refund = await page.locator('main').innerText();
    for (const phrase of ['first-time subscriptions only', 'renewals', 'original payment method', '3-5 business days', '5-7 business days', '5-10 business days', 'within 24 hours', 'cancel-subscription option']) {
      expect(refund).toContain(phrase);
    }
    await page.getByRole('link', { name: 'Back to Home' }).last().click();
    await h1(page, LANDING).waitFor();
  });
});

describe('shell: signed in', () => {
  it.each(Object.keys(DEMO_ACCOUNTS) as DemoAccount[])('%s signs in through the local provider and gets the navigation of their role', async (account) => {
    const page = await newPage();
    await signInAs(page, account);
    expect(new URL(page.url()).pathname).toBe('/');
    await h1(page, HOME).waitFor();

    const nav = mainNav(page);
    const name = DEMO_ACCOUNTS[account];
    // The account menu loads with the first signed-in page (a visitor never downloads it): wait for it.
    await nav.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
    expect(await nav.getByRole('link', { name: 'Feedback', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: /sign in with google/i }).count()).toBe(0);
    const admin = nav.getByRole('button', { name: 'Admin', exact: true });
    if (account === 'owner') {
      // Keyboard: focus the menu button, open it with Enter, the items are links to the admin screens.
      await admin.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Content Upload', 'Revision Settings', 'Feedback Inbox', 'Flagged Questions', 'Payment Test', 'Versions', 'Metrics']);
      await screenshot(page, 'shell-nav-owner-admin-menu');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/admin-revision-settings' || u.pathname === '/admin-upload');
    } else {
      expect(await admin.count()).toBe(0);
    }

    await page.goto(url('/'));
    await h1(page, HOME).waitFor();
    expect(await page.getByRole('complementary', { name: 'AI accuracy notice' }).innerText()).toMatch(/AI-generated for educational purposes and may be inaccurate/);
    const footer = page.getByRole('contentinfo');
    expect(await footer.innerText()).toContain('Spaced Repetition Learning Platform');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} LearnPlatform`);
    for (const label of ['Start Learning Free', 'Take Your First Free Quiz']) {
      expect(await page.getByRole('link', { name: label }).getAttribute('href')).toBe('/dashboard');
    }
    await screenshot(page, `shell-home-${account}`);
  });

  it('the signed-in route set: 404 for unknown and visitor-only paths, remotes for theirs', async () => {
    const page = await newPage();
    await signInAs(page, 'learner');
    await open(page, '/some/unknown');
    await h1(page, NOT_FOUND).waitFor();
    expect(await page.getByText('GET /some/unknown → no route matched').isVisible()).toBe(true);
    await screenshot(page, 'shell-404');
    await open(page, '/test-quiz');
    await h1(page, NOT_FOUND).waitFor();

    await open(page, '/feedback');
    await h1(page, 'Feedback').waitFor();
    await open(page, '/subscription');
    await h1(page, 'Subscription').waitFor();
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await h1(page, 'Dashboard').waitFor();
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await h1(page, HOME).waitFor();
    // Signed in, the policy pages stay readable.
    await open(page, '/terms-of-service');
    await h1(page, 'Terms of Service').waitFor();
  });

  it('the disclaimer blocks until accepted, cannot be dismissed, and stays accepted after a reload', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    // The demo accounts are shared by every test on this stack: whatever this account's record says,
    // present it as not yet accepted until the real POST has gone through.
    let accepted = false;
    await page.route(DISCLAIMER_STATUS, async (route) => {
      if (accepted) return route.continue();
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ disclaimerAccepted: false }) });
    });
    await open(page, '/dashboard');
    const dialog = disclaimerDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Accept']);
    await screenshot(page, 'shell-disclaimer-modal');

    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    await page.mouse.click(1270, 890);
    expect(await dialog.isVisible()).toBe(true);
    // Focus is trapped: tabbing around never leaves the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // The page below cannot be used.
    const navClick = mainNav(page).getByRole('link', { name: 'Home', exact: true }).click({ timeout: 1000 });
    await expect(navClick).rejects.toThrow();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/disclaimer/accept' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ disclaimerAccepted: true });
    accepted = true;
    await dialog.waitFor({ state: 'hidden' });
    await h1(page, 'Dashboard').waitFor();

    // After a reload the server's own answer keeps it accepted.
    const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/disclaimer/status');
    await page.reload();
    expect(await (await status).json()).toEqual({ disclaimerAccepted: true });
    await settled(page);
    await h1(page, 'Dashboard').waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('a failed acceptance shows a destructive toast and keeps the modal', async () => {
    const page = await newPage();
    await signInAs(page, 'learner');
    await page.route(DISCLAIMER_STATUS, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ disclaimerAccepted: false }) }),
    );
    // As the gateway answers with telemetry on: the call's trace id in X-Trace-Id (issue 29).
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await page.route(DISCLAIMER_ACCEPT, (route) => route.fulfill({ status: 503, contentType: 'text/plain', headers: { 'x-trace-id': traceId }, body: 'identity is unavailable' }));
    await open(page, '/');
    const dialog = disclaimerDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const toast = page.locator('.lp-toast--destructive');
    await toast.getByText('Could not save your acceptance. Please try again.').waitFor();
    // The toast names the trace, to find the click in the trace viewer.
    await toast.getByText(`Reference: ${traceId}`).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Accept' }).isEnabled()).toBe(true);
    await screenshot(page, 'shell-disclaimer-accept-failed');
  });

  it('signs out through the user menu', async () => {
    const page = await newPage();
    await signInAs(page, 'learner');
    await h1(page, HOME).waitFor();
    await mainNav(page).getByRole('button', { name: `Account menu for ${DEMO_ACCOUNTS.learner}` }).click();
    const signOut = page.getByRole('menuitem', { name: 'Sign Out' });
    expect(await signOut.getAttribute('href')).toBe('/api/logout');
    const navigation = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout' && r.isNavigationRequest());
    await signOut.click();
    await navigation;
    await page.waitForURL((u) => u.pathname === '/');
    await h1(page, LANDING).waitFor();
    expect(await mainNav(page).getByRole('link', { name: /sign in with google/i }).isVisible()).toBe(true);
    expect((await page.request.get(url('/api/auth/user'))).status()).toBe(401);
    await page.goto(url('/feedback'));
    await page.waitForURL((u) => u.pathname === '/');
    await h1(page, LANDING).waitFor();
  });
});

describe('shell: accessibility and layout', () => {
  it('axe finds no serious or critical violation on the landing page, the policy pages and the visitors\' dashboard', async () => {
    const page = await newPage();
    await open(page, '/');
    await h1(page, LANDING).waitFor();
    await expectNoSeriousAxeViolations(page, 'landing');
    for (const policy of POLICIES) {
      await open(page, policy.path);
      await h1(page, policy.title).waitFor();
      await expectNoSeriousAxeViolations(page, policy.path);
    }
    await open(page, '/dashboard');
    await h1(page, 'Dashboard').waitFor();
    await page.waitForTimeout(1000);
    await expectNoSeriousAxeViolations(page, 'visitor dashboard');
  }, 120_000);

  it('axe finds no serious or critical violation on the home page, the dashboard frame, the 404 page and the disclaimer modal', async () => {
    const page = await newPage();
    await signInAs(page, 'owner');
    await h1(page, HOME).waitFor();
    await expectNoSeriousAxeViolations(page, 'home');
    await open(page, '/dashboard');
    await h1(page, 'Dashboard').waitFor();
    await page.waitForTimeout(1000);
    await expectNoSeriousAxeViolations(page, 'dashboard');
    await open(page, '/no/such/page');
    await h1(page, NOT_FOUND).waitFor();
    await expectNoSeriousAxeViolations(page, '404');

    await page.route(DISCLAIMER_STATUS, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ disclaimerAccepted: false }) }),
    );
    await open(page, '/');
    await disclaimerDialog(page).waitFor();
    await expectNoSeriousAxeViolations(page, 'disclaimer modal');
  }, 120_000);

  it('no horizontal scroll on a 360 px phone, signed out and signed in', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    const check = async (path: string, heading: string, shot: string) => {
      await open(page, path);
      await h1(page, heading).waitFor();
      await page.waitForTimeout(500);
      expect(await horizontalOverflow(page), `horizontal overflow at ${path}`).toBeLessThanOrEqual(0);
      await screenshot(page, shot);
    };
    await check('/', LANDING, 'shell-360-landing');
    await check('/refund-policy', 'Refund Policy', 'shell-360-refund-policy');
    await check('/dashboard', 'Dashboard', 'shell-360-visitor-dashboard');

    await signInAs(page, 'owner');
    await check('/', HOME, 'shell-360-home');
    await check('/some/really/long/unknown/path/that/keeps/going/and/going', NOT_FOUND, 'shell-360-404');
    await check('/privacy-policy', 'Privacy Policy', 'shell-360-privacy-policy');
    await check('/dashboard', 'Dashboard', 'shell-360-dashboard');
    // The user menu opens within the screen.
    await mainNav(page).getByRole('button', { name: `Account menu for ${DEMO_ACCOUNTS.owner}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'shell-360-user-menu');
  }, 90_000);
});
