import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { StudyDays } from '@lp/contracts';
import { StudyPanel } from '../src/pages/dashboard/StudyPanel.tsx';
import { LazyProgressCharts } from '../src/pages/dashboard/progress/LazyProgressCharts.tsx';
import { accuracyPath } from '../src/pages/dashboard/progress/DailyActivityChart.tsx';
import { dailySummary, shortDay } from '../src/pages/dashboard/progress/chart-summary.ts';
import { setLanguage } from '@lp/web-platform/i18n';
import { mockApi, renderPage, signInAs } from './support.tsx';

/** The 30 days ending 27 Nov 2026, with answers only on the days `counts` lists. */
function studyDays(counts: Record<string, [answered: number, correct: number]>, daysStudied: number): StudyDays {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
    const [answered, correct] = counts[day] ?? [0, 0];
    return { day, answered, correct, accuracy: answered ? Math.round((100 * correct) / answered) : null };
  });
  return { days, daysStudied, windowDays: 30 };
}

const DATA = studyDays({ '2026-11-20': [10, 5], '2026-11-25': [40, 36], '2026-11-27': [3, 2] }, 18);

function api(body: object = DATA) {
  return mockApi({
    'GET /api/study-days': body,
    'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 53 },
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
  });
}

beforeEach(() => signInAs());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard’s last 30 days (issue 32 §3)', () => {
  it('shows the consistency window beside the streak', async () => {
    const calls = api();
    renderPage(<><StudyPanel /><LazyProgressCharts /></>);
    const streak = screen.getByText('Day streak').parentElement!;
    expect(await within(streak).findByText('Studied 18 of the last 30 days')).toBeTruthy();
    expect(within(streak).getByText('1')).toBeTruthy();
    await screen.findByRole('figure', { name: 'Questions answered and accuracy per day' });
    // The panel and the charts share one call.
    expect(calls.filter((c) => c.path === '/api/study-days')).toHaveLength(1);
  });

  it('holds the consistency line’s place while it loads, so the panel does not grow when it comes (layout shift)', async () => {
    mockApi({
      'GET /api/study-days': () => new Promise(() => {}),
      'GET /api/sessions/stats': { currentStreak: 1, totalQuestions: 53 },
    });
    renderPage(<StudyPanel />);
    const streak = screen.getByText('Day streak').parentElement!;
    await within(streak).findByText('1');
    const note = streak.querySelector('.lp-stat__note');
    expect(note).not.toBeNull();
    expect(note!.querySelector('[aria-hidden="true"]')).toBeTruthy();
    expect(note?.textContent).toBe('');
  });

  it('gives each chart a one-sentence text alternative, and the picture stays out of the way of screen readers', async () => {
    api();
    renderPage(<LazyProgressCharts />);
    const figure = await screen.findByRole('figure', { name: 'Questions answered and accuracy per day' });
    const sentence = 'In the last 30 days you answered 53 questions on 3 days, 81% of them right; the most on 25 Nov (40).';
    const described = document.getElementById(figure.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe(sentence);
    expect(figure.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows the same numbers as a table, with a dash (not 0 %) on days without answers', async () => {
    api();
    renderPage(<LazyProgressCharts />);
    const figure = await screen.findByRole('figure', { name: 'Questions answered and accuracy per day' });
    expect(within(figure).queryByRole('table')).toBeNull();
    fireEvent.click(within(figure).getByRole('button', { name: 'Show as a table' }));
    const table = within(figure).getByRole('table', { name: 'Questions answered and accuracy per day' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)).toEqual(['27 Nov', '3', '67%']);
    expect(rows.at(-3)).toEqual(['25 Nov', '40', '90%']);
    expect(rows.at(-2)).toEqual(['26 Nov', '0', '–']);
    fireEvent.click(within(figure).getByRole('button', { name: 'Hide the table' }));
    expect(within(figure).queryByRole('table')).toBeNull();
  });

  it('is used from the keyboard: the table toggle is a native button in the tab order that says whether the table is open', async () => {
    api();
    renderPage(<LazyProgressCharts />);
    const figure = await screen.findByRole('figure', { name: 'Questions answered and accuracy per day' });
    const toggle = within(figure).getByRole('button', { name: 'Show as a table' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('tabindex')).not.toBe('-1');
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const table = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(table.hidden).toBe(true);
    fireEvent.click(toggle); // Enter and Space on a focused button (Chromium does it: e2e/learn.e2e.test.ts)
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(table.hidden).toBe(false);
    expect(document.activeElement).toBe(toggle); // focus stays where the learner is
    // Nothing in the picture takes focus.
    expect(figure.querySelectorAll('svg [tabindex], svg a')).toHaveLength(0);
  });

  it('says so plainly when nothing was answered, and offers a retry when the call fails', async () => {
    api(studyDays({}, 0));
    renderPage(<LazyProgressCharts />);
    expect(await screen.findByText('You answered no questions in the last 30 days.')).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/study-days': () => ({ status: 500, body: { message: 'down' } }) });
    renderPage(<LazyProgressCharts />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your last 30 days.');
  });
});

describe('chart rules', () => {
  it('breaks the accuracy line on days without answers instead of dropping to 0 %', () => {
    const days = studyDays({ '2026-10-29': [2, 2], '2026-10-30': [2, 1], '2026-11-01': [1, 0] }, 3).days.slice(0, 4);
    expect(accuracyPath(days)).toBe('M5 4 h0 L15 50.5 M35 97 h0');
  });

  it('draws the last 30 days without constructing a date format (the page’s first costs ~70 ms on a phone: issue 32 §3, TBT)', async () => {
    // Neither a new one nor one made earlier (a cached format is one the page had to construct first).
    const formatting = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      api();
      renderPage(<LazyProgressCharts />);
      const figure = await screen.findByRole('figure', { name: 'Questions answered and accuracy per day' });
      fireEvent.click(within(figure).getByRole('button', { name: 'Show as a table' }));
      expect(within(figure).getAllByRole('row').at(-1)?.firstElementChild?.textContent).toBe('27 Nov');
      expect(within(figure).getAllByText('29 Oct')).toHaveLength(2); // the first day: under the picture, and in the table
      expect(dateFormat).not.toHaveBeenCalled();
      expect(formatting).not.toHaveBeenCalled();
    } finally {
      dateFormat.mockRestore();
      formatting.mockRestore();
    }
  });

  it('writes each month of a day as the browser’s date format would, in English and in Hindi', async () => {
    const months = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-07`);
    const intl = (locale: string) => months.map((d) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)));
    try {
      expect(months.map(shortDay)).toEqual(intl('en-IN'));
      await setLanguage('hi');
      expect(months.map(shortDay)).toEqual(intl('hi-IN'));
      expect(shortDay('2026-11-27')).toBe('27 नव॰');
    } finally {
      await setLanguage('en');
    }
  });

  it('counts a single question and a single day in the singular', () => {
    expect(dailySummary(studyDays({ '2026-11-27': [1, 1] }, 1).days)).toBe('In the last 30 days you answered 1 question on 1 day, 100% of them right; the most on 27 Nov (1).');
  });
});
