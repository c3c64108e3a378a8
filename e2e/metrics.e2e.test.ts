/**
 * Issue 29 §2 in a real browser against the whole stack: the owner, elevated, opens /admin-metrics and sees a row
 * per service and the gateway with live figures (every instance answering its /metrics, a request rate, the
 * outbox), refreshed; and the public origin never answers `/metrics` with the metrics.
 */
import { describe, expect, it } from 'vitest';
import { acceptDisclaimerIfShown, DEMO_ADMIN_PASSWORD, signIn } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

const { newPage } = chromiumForFile();
const SERVICES = ['gateway', 'identity', 'content', 'study', 'challenge', 'billing', 'feedback'];

describe('the owner metrics page', () => {
  it('shows every service live to the elevated owner; /metrics is not on the public origin', async () => {
    // /metrics is a page path on the public origin (the shell's page answers it), never the Prometheus text.
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.headers.get('content-type')).not.toContain('text/plain');
      expect(await res.text()).not.toMatch(/http_server_request_duration|nodejs_eventloop_delay/);
    }

    const page = await newPage();
    await signIn(page, 'owner');
    await page.goto(`${baseUrl()}/admin-login`);
    await acceptDisclaimerIfShown(page);
    await page.getByLabel('Admin password').fill(DEMO_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-upload');

    await page.goto(`${baseUrl()}/admin-metrics`);
    const table = page.getByRole('table', { name: 'Services' });
    await table.waitFor();
    const rows = async () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
    const first = await rows();
    expect(first.map((r) => r[0])).toEqual(SERVICES);
    // Every service's instance answered its /metrics; the outbox is read (a number, not '–').
    for (const row of first) expect(row[1]).toBe('1/1');
    for (const row of first.slice(1)) expect(row[7]).toMatch(/^\d+$/);
    // The page's own calls go through the gateway: the next refresh shows a request rate there.
    await expect.poll(async () => (await rows())[0]![2], { timeout: 20_000, interval: 1000 }).toMatch(/\/s$/);
    await screenshot(page, 'admin-metrics');
  });
});
