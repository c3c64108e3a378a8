/**
 * A test's own call to the platform, with the page's cookies. A 503 that names a wait (`Retry-After`: a service
 * busy, or identity's keys briefly out of reach) is tried again after it, up to three times, as the answer asks;
 * any other failure fails the test with the status and the answer.
 */
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

export async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await page.request.fetch(`${baseUrl()}${path}`, { method, ...(data === undefined ? {} : { data }) });
    const wait = Number(res.headers()['retry-after']);
    if (res.status() === 503 && Number.isFinite(wait) && attempt <= 3) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
      continue;
    }
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }
}
