// The recall charts of the dashboard's progress section (issue 32 §3): recall today per chapter and the exam-day
// forecast, each with its one-sentence text alternative, its table and an empty state that says what to do.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import type { RecallForecast } from '@lp/contracts';
import { LazyProgressCharts } from '../src/pages/dashboard/progress/LazyProgressCharts.tsx';
import { chapterRecallRows, recallTodaySummary } from '../src/pages/dashboard/progress/recall-summary.ts';
import { chapter, id, mockApi, renderPage, signInAs, subject } from './support.tsx';

const biology = subject(1, 'Biology', 'CBSE Class 12', [
  chapter(10, 'Human Reproduction', [{ n: 11, name: 'Gametogenesis', questions: 52 }]),
  chapter(20, 'Evolution', [{ n: 21, name: 'Origin of Life', questions: 11 }]),
  chapter(30, 'Ecosystem', [{ n: 31, name: 'Energy Flow', questions: 20 }]),
]);

const recall: RecallForecast = {
  chapters: [
    { chapterId: id(10), subjectId: id(1), reviewed: 40, unseen: 12, recallToday: 0.7213 },
    { chapterId: id(20), subjectId: id(1), reviewed: 10, unseen: 1, recallToday: 0.4 },
  ],
  examDays: [{
    subjectId: id(1), examDate: '2027-03-12', reviewed: 50, unseen: 13, recallIfStopped: 0.412, recallAtPace: 0.934,
    chapters: [
      { chapterId: id(10), reviewed: 40, unseen: 12, recallIfStopped: 0.45, recallAtPace: 0.94 },
      { chapterId: id(20), reviewed: 10, unseen: 1, recallIfStopped: 0.2, recallAtPace: 0.9 },
    ],
  }],
};

function api(body: RecallForecast) {
  return mockApi({
    'GET /api/recall': body,
    'GET /api/study-days': { days: [], daysStudied: 0, windowDays: 30 },
  });
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));

async function openTable(figureName: string) {
  const figure = await screen.findByRole('figure', { name: figureName });
  fireEvent.click(within(figure).getByRole('button', { name: 'Show as a table' }));
  return { figure, table: within(figure).getByRole('table', { name: figureName }) };
}

const described = (figure: HTMLElement) => document.getElementById(figure.getAttribute('aria-describedby')!)?.textContent;

beforeEach(() => signInAs());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recall today per chapter (issue 32 §3)', () => {
  it('says the subject’s recall in one sentence, with the unseen questions apart and never counted as remembered', async () => {
    api(recall);
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    const figure = await screen.findByRole('figure', { name: 'Recall today per chapter: Biology' });
    // (0.7213 × 40 + 0.4 × 10) / 50 = 66 %; unseen: 12 + 1 + the 20 of Ecosystem, not begun.
    expect(described(figure)).toBe('Today you would recall 66% of the 50 Biology questions you have answered, from 40% in Evolution to 72% in Human Reproduction; 33 questions not seen yet.');
    expect(figure.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows every chapter in its table: a chapter not begun has a dash, not 0 %, and all its questions unseen', async () => {
    api(recall);
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    const { figure, table } = await openTable('Recall today per chapter: Biology');
    // The picture: a bar per begun chapter, the chapters not begun one line apart, with no bar.
    const picture = figure.querySelector('.lp-chart__picture')!;
    expect(picture.querySelectorAll('.lp-share-bar')).toHaveLength(2);
    expect(picture.textContent).toContain('Ecosystem: not begun20 not seen yet');
    expect(rowsOf(table)).toEqual([
      ['Chapter', 'Recall today', 'Reviewed', 'Not seen yet'],
      ['Human Reproduction', '72%', '40', '12'],
      ['Evolution', '40%', '10', '1'],
      ['Ecosystem', '–', '0', '20'],
    ]);
  });

  it('tells a learner who has answered nothing in the subject what to do', async () => {
    api({ chapters: [], examDays: [] });
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    expect(await screen.findByText('Answer a quiz in this subject to see your recall.')).toBeTruthy();
    expect(screen.queryByRole('figure', { name: /^Recall today/ })).toBeNull();
  });
});

describe('recall on exam day (issue 32 §3)', () => {
  it('forecasts the subject and its chapters at the current pace and if the learner stops, in one sentence and a table', async () => {
    api(recall);
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    const { figure, table } = await openTable('Recall on exam day: Biology, 12 Mar 2027');
    expect(described(figure)).toBe('On 12 Mar 2027 you would recall 93% of the 50 Biology questions you have answered if you do each review on its day and get it right, 41% if you stop now; stopping costs the most in Evolution (90% to 20%); 33 questions not seen yet.');
    expect(rowsOf(table)).toEqual([
      ['Chapter', 'At your pace', 'If you stop', 'Reviewed', 'Not seen yet'],
      ['All of Biology', '93%', '41%', '50', '33'],
      ['Human Reproduction', '94%', '45%', '40', '12'],
      ['Evolution', '90%', '20%', '10', '1'],
    ]);
    // Wider than a phone: the table's region scrolls sideways, so it takes focus (a keyboard can scroll it).
    expect(table.closest('[role="region"]')?.getAttribute('tabindex')).toBe('0');
    // The two forecasts differ by more than colour: each bar's kind is named beside it and its figure is written.
    const picture = figure.querySelector('.lp-chart__picture')!;
    expect(within(picture as HTMLElement).getAllByText('Stop')).toHaveLength(3);
    expect(within(picture as HTMLElement).getByText('41%')).toBeTruthy();
  });

  it('links to the exam dates page when no shown subject has an exam date', async () => {
    api({ chapters: recall.chapters, examDays: [] });
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    const link = await screen.findByRole('link', { name: 'Set your exam date' });
    expect(link.getAttribute('href')).toBe('/exam-dates?class=CBSE%20Class%2012');
    expect(link.closest('p')?.textContent).toBe('Set your exam date to see how much you would recall on exam day.');
    expect(screen.queryByRole('figure', { name: /^Recall on exam day/ })).toBeNull();
  });

  it('asks for a quiz when the subject has an exam date but nothing answered', async () => {
    api({ chapters: [], examDays: [{ subjectId: id(1), examDate: '2027-03-12', reviewed: 0, unseen: 0, recallIfStopped: null, recallAtPace: null, chapters: [] }] });
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    expect(await screen.findByText('Answer a quiz in this subject to see your recall on exam day.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set your exam date' })).toBeNull();
  });

  it('offers a retry when the forecast cannot be loaded', async () => {
    mockApi({ 'GET /api/recall': () => ({ status: 500, body: { message: 'down' } }), 'GET /api/study-days': { days: [], daysStudied: 0, windowDays: 30 } });
    renderPage(<LazyProgressCharts subjects={[biology]} className="CBSE Class 12" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your recall.');
  });
});

describe('recall chart rules', () => {
  it('names the one chapter begun instead of a range, in the singular where one question is meant', () => {
    const rows = chapterRecallRows(biology, { chapters: [{ chapterId: id(20), subjectId: id(1), reviewed: 1, unseen: 10, recallToday: 1 }], examDays: [] });
    expect(recallTodaySummary('Biology', rows)).toBe('Today you would recall 100% of the 1 Biology question you have answered, all in Evolution; 82 questions not seen yet.');
  });
});

describe('recall charts in Hindi (issue 33 §1)', () => {
  afterEach(() => useI18n.setState({ language: 'en' }));

  it('reads in Hindi, with the subject’s and chapters’ Hindi names where the catalogue has them', async () => {
    const economics = subject(1, 'Economics', 'CBSE Class 10', [
      { ...chapter(10, 'Development', [{ n: 11, name: 'What Development Promises', questions: 52 }]), hi: { name: 'विकास' } },
      chapter(20, 'Money and Credit', [{ n: 21, name: 'Money as a Medium', questions: 11 }]),
      chapter(30, 'Globalisation', [{ n: 31, name: 'Production across Countries', questions: 20 }]),
    ]);
    api(recall);
    await setLanguage('hi');
    renderPage(<LazyProgressCharts subjects={[{ ...economics, hi: { name: 'अर्थशास्त्र' } }]} className="CBSE Class 10" />);
    const today = await screen.findByRole('figure', { name: 'आज अध्याय के अनुसार याद: अर्थशास्त्र' });
    expect(described(today)).toBe(
      'आपने जिन अर्थशास्त्र के 50 प्रश्नों का उत्तर दिया है, उनमें से आज आपको 66% याद रहेंगे, Money and Credit में 40% से विकास में 72% तक; 33 प्रश्न अभी नहीं देखे।',
    );
    const exam = await screen.findByRole('figure', { name: /^परीक्षा के दिन याद: अर्थशास्त्र, 12 / });
    expect(exam.querySelector('.lp-chart__legend')?.textContent).toBe(' गति: हर दोहराई अपने दिन, सही उत्तर के साथ  रुकें: आगे कोई दोहराई नहीं');
    expect(described(exam)).toContain('रुकने से सबसे ज़्यादा नुकसान Money and Credit में (90% से 20%)');
  });
});
