// /admin-metrics: each service's live figures from GET /api/admin/metrics, figures past the alert thresholds marked,
// a refresh every few seconds, the last figures kept under an error, and the owner-only gate. The API is faked at
// the fetch boundary.
import type { ServiceMetrics } from '@lp/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@lp/web-platform/i18n';
import { App } from '../../src/App.tsx';
import { saveAdminAccess, UNAUTHORIZED_MESSAGE } from '../../src/access/admin-access.ts';
import { duration, lag, percent, perSecond } from '../../src/metrics/format.ts';
import { MetricsPage, REFRESH_MS } from '../../src/pages/MetricsPage.tsx';
import { apiError, fakeApi, heldReply, renderPage, signInAs } from '../support.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const row = (service: string, over: Partial<ServiceMetrics['rows'][number]> = {}): ServiceMetrics['rows'][number] => ({
  service, instances: 1, reachable: 1, requestsPerSecond: 12.4, errorRatio: 0, p95Seconds: 0.012, slowestRoute: null, eventLoopDelayP99Seconds: 0.021,
  outboxBacklog: 0, outboxOldestAgeSeconds: 0, consumers: [], dbP95Seconds: 0.0042, ...over,
});
const metrics = (rows: ServiceMetrics['rows']): ServiceMetrics => ({
  sampledAt: '2026-11-27T10:00:00.000Z', windowSeconds: 5, thresholds: { p95Seconds: 0.1, outboxOldestAgeSeconds: 60, errorRatio: 0.01 }, rows,
});
const FIRST = metrics([
  row('gateway', { outboxBacklog: null, outboxOldestAgeSeconds: null, dbP95Seconds: null }),
  row('study', { instances: 2, reachable: 2, requestsPerSecond: 180, errorRatio: 0.05, p95Seconds: 0.25, slowestRoute: { route: 'POST /api/answers', p95Seconds: 0.31 }, outboxBacklog: 40, outboxOldestAgeSeconds: 95, consumers: [{ consumer: 'study-progress', lag: 0 }, { consumer: 'study-answers', lag: 312 }] }),
  row('feedback', { reachable: 0, requestsPerSecond: null, errorRatio: null, p95Seconds: null, eventLoopDelayP99Seconds: null, outboxBacklog: null, outboxOldestAgeSeconds: null, dbP95Seconds: null, error: 'not reachable (connect ECONNREFUSED)' }),
]);
const rowsOf = () => within(screen.getByRole('table', { name: 'Services' })).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('/admin-metrics', () => {
  it('says it is loading, then shows a row per service with its figures, marking those past the alert thresholds', async () => {
    const held = heldReply();
    fakeApi({ 'GET /api/admin/metrics': held.handler });
    renderPage(<MetricsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    held.answer({ body: FIRST });
    await screen.findByRole('table', { name: 'Services' });
    expect(rowsOf()).toEqual([
      ['gateway', '1/1', '12/s', '0%', '12 ms', '–', '21 ms', '–', '–', '–', '–'],
      ['study', '2/2', '180/s', '⚠ 5.0%', '⚠ 250 ms', 'POST /api/answers 310 ms', '21 ms', '40', '⚠ 95 s', 'study-answers: 312', '4.2 ms'],
      ['feedback', '⚠ 0/1', '–', '–', '–', '–', '–', '–', '–', '–', '–'],
    ]);
  });

  it("says when the figures were sampled in the reader's language, not the browser's own locale (issue 33 §1)", async () => {
    fakeApi({ 'GET /api/admin/metrics': { body: FIRST } });
    renderPage(<MetricsPage />);
    const window = () => document.querySelector('.lp-metrics__window')!.textContent!;
    await screen.findByRole('table', { name: 'Services' });
    // The Indian form ("3:30:00 pm"), which a browser set to en-US would write "3:30:00 PM".
    expect(window()).toMatch(/^Over the last 5 s, at \d{1,2}:\d{2}:00 [ap]m\. /);
    cleanup();
    await setLanguage('hi');
    try {
      renderPage(<MetricsPage />);
      await screen.findByRole('table', { name: 'सेवाएँ' });
      expect(window()).toMatch(/^पिछले 5 सेकंड में, \d{1,2}:\d{2}:00 [ap]m पर। /);
    } finally {
      await setLanguage('en');
    }
  });

  it('on a phone the table scrolls in its own region, reachable from the keyboard, not the whole page', async () => {
    fakeApi({ 'GET /api/admin/metrics': { body: FIRST } });
    renderPage(<MetricsPage />);
    const table = await screen.findByRole('table', { name: 'Services' });
    const region = screen.getByRole('region', { name: 'Services' });
    expect(region.contains(table)).toBe(true);
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toBe('lp-metrics__scroll');
  });

  it(`asks again every ${REFRESH_MS / 1000} s and shows the new figures; an error keeps the last ones on screen`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: () => ReturnType<typeof apiError> | { body: ServiceMetrics } = () => ({ body: FIRST });
    const calls = fakeApi({ 'GET /api/admin/metrics': () => answer() });
    renderPage(<MetricsPage />);
    await screen.findByRole('table', { name: 'Services' });
    answer = () => ({ body: metrics([row('gateway', { requestsPerSecond: 3 })]) });
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    await waitFor(() => expect(rowsOf()[0]![2]).toBe('3.0/s'));
    answer = () => apiError(503, 'The gateway is restarting.');
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The gateway is restarting.');
    expect(rowsOf()[0]![2]).toBe('3.0/s');
    expect(calls.filter((c) => c.path === '/api/admin/metrics')).toHaveLength(3);
  });

  it('is behind the admin guard: a learner gets the unauthorized message and the metrics are never asked for', async () => {
    signInAs({ role: 'learner' });
    saveAdminAccess(null);
    const calls = fakeApi({ 'GET /api/admin/metrics': { body: FIRST } });
    window.history.replaceState(null, '', '/admin-metrics');
    render(<App />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE));
    expect(calls.some((c) => c.path === '/api/admin/metrics')).toBe(false);
  });

  it('shows figures in units read at a glance', () => {
    expect([perSecond(0.25), perSecond(42.6), percent(0.0004), percent(0.5), duration(0.0004), duration(0.042), duration(1.5), duration(75)])
      .toEqual(['0.3/s', '43/s', '0.04%', '50.0%', '0.4 ms', '42 ms', '1.5 s', '75 s']);
    expect(lag([{ consumer: 'a', lag: 0 }])).toBe('0');
    expect(lag([])).toBe('–');
  });
});
