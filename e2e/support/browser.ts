/**
 * Browser helpers for the e2e tests: Debian's Chromium driven by playwright-core
 * (`npx playwright install` cannot download browsers here), the base URL, screenshots.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these, Chromium floods the closed network with refused connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the gateway serves the platform. */
export function baseUrl(): string {
  return (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
}

export interface LaunchedBrowser {
  browser: BrowserContext;
  close(): Promise<void>;
}

/**
 * Starts Chromium with a fresh profile (a persistent context in a new temporary user-data dir, so
 * no state leaks between runs). Close it with `close()`, which also removes the profile.
 */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lp-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    // The shell's service worker would answer some calls before page.route sees them: only e2e/offline opts in.
    serviceWorkers: 'block',
  });
  return {
    browser: context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A plain `chromium.launch` with the same flags, for tests that want several isolated contexts. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

/** Saves a full-page screenshot to `<repo>/test-results/screenshots/<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

type Viewport = { width: number; height: number };

/**
 * One Chromium for the test file (started before its tests, closed after them, with every context it opened): the
 * one way an e2e file gets a browser. Each `newContext()` / `newPage()` is a fresh context: no cookies or storage
 * shared with the file's other pages. `viewport` and `acceptDownloads` are the file's defaults.
 */
export function chromiumForFile({ viewport = { width: 1280, height: 900 }, acceptDownloads, serviceWorkers = 'block' }: {
  viewport?: Viewport;
  acceptDownloads?: boolean;
  /** The shell's service worker (offline study) answers some calls before `page.route` sees them: blocked unless a file tests it. */
  serviceWorkers?: 'allow' | 'block';
} = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
  });
  const newContext = async (options: { viewport?: Viewport; javaScriptEnabled?: boolean; locale?: string } = {}): Promise<BrowserContext> => {
    const context = await browser!.newContext({ viewport, serviceWorkers, ...(acceptDownloads === undefined ? {} : { acceptDownloads }), ...options });
    contexts.push(context);
    return context;
  };
  return {
    /** A fresh context, for a test that opens several pages (tabs) sharing one sign-in. */
    newContext,
    /**
     * A page in a fresh context. `javaScriptEnabled: false`: what a browser shows from the HTML alone, before (or
     * without) any script; `viewport`: another screen size than the file's (a phone's 360 px); `locale`: the
     * browser's language (`navigator.languages`, Accept-Language), e.g. `hi-IN`.
     */
    async newPage(options: { viewport?: Viewport; javaScriptEnabled?: boolean; locale?: string } = {}): Promise<Page> {
      return (await newContext(options)).newPage();
    },
  };
}
