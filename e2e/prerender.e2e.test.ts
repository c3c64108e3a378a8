/**
 * Prerendered pages (issue 16): a visitor's landing page and a guest's challenge link are painted from HTML made at
 * build time, before any script runs; the app then takes over in place: no Loading... screen, nothing blinks.
 * A browser with a sign-in gets the app as before.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/auth';
import { baseUrl, chromiumForFile, screenshot } from './support/browser';
import { challengeLink } from './support/challenge';

const chromium = chromiumForFile({ viewport: { width: 412, height: 823 } });

/**
 * Records, from the first byte of the page on, whether the full-screen Loading... spinner or an empty page was ever
 * shown. An empty `<main>` counts once the document is parsed: before that the observer also sees the parser's own
 * half-built elements (a heading whose text has not arrived yet), and the app's scripts (modules) run only after.
 */
async function watchFirstPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { lpSeen: { spinner: boolean; emptyMain: boolean } };
    w.lpSeen = { spinner: false, emptyMain: false };
    new MutationObserver(() => {
      if (document.querySelector('.lp-spinner--full')) w.lpSeen.spinner = true;
      const main = document.getElementById('lp-main');
      if (main && document.readyState !== 'loading' && main.innerText.trim() === '') w.lpSeen.emptyMain = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { lpSeen: { spinner: boolean; emptyMain: boolean } }).lpSeen);
}

describe('a visitor, before any script runs', () => {
  it('sees the landing page with its navigation, sign-in and footer', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false });
    const res = await page.goto(`${baseUrl()}/`);
    expect(res?.headers()['vary']).toContain('Cookie');
    await expect(page.getByRole('heading', { level: 1, name: 'Master Knowledge Through Smart Repetition' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: /Sign in with Google/ }).first().getAttribute('href')).toBe('/api/login');
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe('LearnPlatform · Spaced Repetition Learning Platform');
    await screenshot(page, 'prerender-landing-no-script');
  });

  it("sees a challenge link's page frame while it loads", async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/c/AAAAAAAAAAAAAAAAAAAAAA`);
    await expect(page.getByRole('heading', { level: 1, name: /You have been challenged/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Answer the same questions, then see both scores side by side/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('status').getByText('Loading the challenge…').isVisible()).resolves.toBe(true);
  });
});

describe('the app taking over', () => {
  it('the landing page: no Loading... screen and no empty page, and the links work in the app', async () => {
    const page = await chromium.newPage();
    const seen = await watchFirstPaints(page);
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('html[data-lp-auth="unauthenticated"]');
    expect(await seen()).toEqual({ spinner: false, emptyMain: false });
    // One landing page (the app's own now), one header and one footer.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('header.lp-header').count()).toBe(1);
    expect(await page.locator('footer.lp-footer').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: /Dashboard/ }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it("a guest's challenge link: the frame stays until the challenge shows in its place", async () => {
    const link = await challengeLink();
    const page = await chromium.newPage();
    const seen = await watchFirstPaints(page);
    await page.goto(`${baseUrl()}${link}`);
    await page.getByRole('heading', { name: 'Ravi Subscriber challenged you' }).waitFor({ timeout: 20_000 });
    expect(await seen()).toEqual({ spinner: false, emptyMain: false });
    expect(await page.locator('#lp-prerendered').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await screenshot(page, 'prerender-challenge-taken-over');
  });

  it('a malformed link says Challenge Not Found', async () => {
    const page = await chromium.newPage();
    await page.goto(`${baseUrl()}/c/abc`);
    await page.getByRole('heading', { name: 'Challenge Not Found' }).waitFor();
    expect(await page.locator('#lp-prerendered').count()).toBe(0);
  });
});

describe('a browser with a sign-in', () => {
  it('gets the app, not the visitor page, at / (the home page, without the landing page first)', async () => {
    const page = await chromium.newPage();
    await signIn(page, 'learner');
    const seen = await watchFirstPaints(page);
    const res = await page.goto(`${baseUrl()}/`);
    expect(await res?.text()).not.toContain('data-lp-prerendered');
    await page.waitForSelector('html[data-lp-auth="authenticated"]');
    expect((await seen()).spinner).toBe(true); // the spec's Loading... while the user is checked
    expect(await page.getByRole('heading', { name: 'Master Knowledge Through Smart Repetition' }).count()).toBe(0);
  });
});
