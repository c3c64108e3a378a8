import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DownloadFile, Topic } from '@lp/contracts';
import { DownloadBiologyPage } from '../src/pages/downloads/DownloadBiologyPage.tsx';
import { DOWNLOAD_SPACING_MS, startSpaced } from '../src/pages/downloads/download-files.ts';
import { TopicPage } from '../src/pages/topic/TopicPage.tsx';
import { TestQuizPage } from '../src/pages/test-quiz/TestQuizPage.tsx';
import { fetchProgress, type ProgressCalls } from '../src/api/study.ts';
import { ApiError } from '@lp/web-platform';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { chapter, id, mockApi, progress, renderPage, signOut, subject } from './support.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Download All spaces downloads 500 ms apart', () => {
  it('starts the first at once and each next one 500 ms later', () => {
    vi.useFakeTimers();
    const started: string[] = [];
    startSpaced(['a', 'b', 'c'], (f) => started.push(f));
    expect(DOWNLOAD_SPACING_MS).toBe(500);
    vi.advanceTimersByTime(0);
    expect(started).toEqual(['a']);
    vi.advanceTimersByTime(499);
    expect(started).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(['a', 'b']);
    vi.advanceTimersByTime(500);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('can be cancelled (leaving the page stops the rest)', () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const cancel = startSpaced(['a', 'b', 'c'], (f) => started.push(f));
    vi.advanceTimersByTime(600);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(started).toEqual(['a', 'b']);
  });
});

const files: DownloadFile[] = [1, 2, 3].map((n) => ({
  filename: `class-12-biology-ch0${n}-chapter-${n}.json`,
  className: 'CBSE Class 12',
  subjectName: 'Biology',
  chapterName: `Chapter ${n}`,
  questionCount: 50 + n,
}));

describe('/download-biology', () => {
  beforeEach(() => signOut());

  it('lists the chapter files with their counts, each downloadable alone', async () => {
    const calls = mockApi({ 'GET /api/downloads': files });
    renderPage(<DownloadBiologyPage />);
    const list = await screen.findByRole('list', { name: 'Chapter files' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 3']);
    expect(screen.getByText('3 chapter files · 156 questions')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download Chapter 2' });
    expect(link.getAttribute('href')).toBe('/api/download/class-12-biology-ch02-chapter-2.json');
    expect(link.hasAttribute('download')).toBe(true);
    expect(calls[0]!.search.get('className')).toBe('CBSE Class 12');
    expect(calls[0]!.search.get('subjectName')).toBe('Biology');
  });

  it('Download All downloads every file, 500 ms apart', async () => {
    mockApi({ 'GET /api/downloads': files });
    renderPage(<DownloadBiologyPage />);
    await screen.findByRole('list', { name: 'Chapter files' });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Download All' }));
    act(() => void vi.advanceTimersByTime(0));
    expect(clicked).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Downloading 1 of 3…' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(499));
    expect(clicked).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(clicked).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(500));
    expect(clicked).toEqual(files.map((f) => `/api/download/${f.filename}`));
    expect(screen.getByRole('button', { name: 'Download All' })).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({ 'GET /api/downloads': () => (fail ? { status: 500, body: { message: 'down' } } : { body: files }) });
    renderPage(<DownloadBiologyPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Chapter files' })).toBeTruthy();
  });
});

const topic = (over: Partial<Topic> = {}): Topic => ({
  id: id(11),
  name: "Mendel's Laws",
  description: 'Inheritance of one and two genes.',
  order: 1,
  questionCount: 12,
  easyPercentage: 42,
  hardPercentage: 25,
  questionCountByType: { multiple_choice: 8, true_false: 3, short_answer: 1 },
  chapter: { id: id(10), name: 'Principles of Inheritance and Variation', subject: { id: id(1), name: 'Biology', className: 'CBSE Class 12' } },
  ...over,
});

describe('/topic/{id}', () => {
  beforeEach(() => signOut());

  it('shows the breadcrumb, description, counts and the share of easy and hard questions', async () => {
    mockApi({ [`GET /api/topics/${id(11)}`]: topic() });
    renderPage(<TopicPage params={{ id: id(11) }} />);
    expect(await screen.findByRole('heading', { level: 1, name: "Mendel's Laws" })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Biology' })).toBeTruthy();
    expect(crumbs.getByRole('link', { name: 'Principles of Inheritance and Variation' })).toBeTruthy();
    expect(screen.getByText('Inheritance of one and two genes.')).toBeTruthy();
    const fact = (label: string) => screen.getByText(label).parentElement?.textContent;
    expect(fact('Questions')).toBe('Questions12');
    expect(fact('Easy questions')).toBe('Easy questions42%');
    expect(fact('Hard questions')).toBe('Hard questions25%');
    expect(fact('Multiple choice')).toBe('Multiple choice8');
    expect(fact('True / false')).toBe('True / false3');
    expect(fact('Short answer')).toBe('Short answer1');
    expect(screen.getByRole('link', { name: 'Start Studying' }).getAttribute('href')).toBe(`/quiz/${id(11)}`);
  });

  it('disables Start Studying when the topic has no questions', async () => {
    mockApi({ [`GET /api/topics/${id(11)}`]: topic({ questionCount: 0, questionCountByType: { multiple_choice: 0, true_false: 0, short_answer: 0 } }) });
    renderPage(<TopicPage params={{ id: id(11) }} />);
    const start = await screen.findByRole('button', { name: 'Start Studying' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the topic, its chapter and subject in Hindi where the catalogue has them (issue 33 §1)', async () => {
    const bilingual = topic({
      name: 'Sectors of the Economy',
      description: 'Primary, secondary and tertiary.',
      hi: { name: 'अर्थव्यवस्था के क्षेत्रक', description: 'प्राथमिक, द्वितीयक और तृतीयक।' },
      chapter: { id: id(10), name: 'Sectors', hi: { name: 'क्षेत्रक' }, subject: { id: id(1), name: 'Economics', className: 'CBSE Class 10', hi: { name: 'अर्थशास्त्र' } } },
    });
    mockApi({ [`GET /api/topics/${id(11)}`]: bilingual });
    await setLanguage('hi');
    try {
      renderPage(<TopicPage params={{ id: id(11) }} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'अर्थव्यवस्था के क्षेत्रक' })).toBeTruthy();
      expect(screen.getByText('प्राथमिक, द्वितीयक और तृतीयक।')).toBeTruthy();
      const crumbs = screen.getByRole('navigation');
      expect(within(crumbs).getByRole('link', { name: 'अर्थशास्त्र' }).querySelector('[title]')?.getAttribute('title')).toBe('Economics');
      expect(within(crumbs).getByRole('link', { name: 'क्षेत्रक' })).toBeTruthy();
    } finally {
      useI18n.setState({ language: 'en' });
    }
  });

  it('shows Topic Not Found with a link back to the dashboard', async () => {
    mockApi({});
    renderPage(<TopicPage params={{ id: id(99) }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('/test-quiz', () => {
  it('offers three demo topics found by name, plus admin login and the landing page', async () => {
    signOut();
    mockApi({
      'GET /api/subjects/with-chapters': (call) => ({
        body:
          call.search.get('className') === 'CBSE Class 10'
            ? [subject(3, 'Science', 'CBSE Class 10', [chapter(30, 'Life Processes', [{ n: 31, name: 'Nutrition and Respiration', questions: 11 }])])]
            : [
                subject(1, 'Biology', 'CBSE Class 12', [chapter(10, 'Inheritance', [{ n: 11, name: "Mendel's Laws and Deviations from Them", questions: 11 }])]),
                subject(2, 'Physics', 'CBSE Class 12', [chapter(20, 'Charges', [{ n: 21, name: "Electric Charge and Coulomb's Law", questions: 10 }])]),
              ],
      }),
    });
    renderPage(<TestQuizPage />);
    const starts = await screen.findAllByRole('link', { name: /^Start Quiz/ });
    expect(starts.map((a) => a.getAttribute('href'))).toEqual([`/quiz/${id(11)}`, `/quiz/${id(21)}`, `/quiz/${id(31)}`]);
    expect(screen.getByRole('link', { name: 'Admin login' }).getAttribute('href')).toBe('/admin-login');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('/test-quiz in Hindi (issue 33 §1)', () => {
  it('names each topic, its chapter, subject and class in Hindi where the catalogue has them', async () => {
    signOut();
    const science = subject(3, 'Science', 'CBSE Class 10', [chapter(30, 'Life Processes', [{ n: 31, name: 'Nutrition and Respiration', questions: 11 }])]);
    const chapterHi = { ...science.chapters[0]!, hi: { name: 'जैव प्रक्रम' } };
    const bilingual = { ...science, hi: { name: 'विज्ञान' }, chapters: [{ ...chapterHi, topics: [{ ...chapterHi.topics[0]!, hi: { name: 'पोषण और श्वसन' } }] }] };
    mockApi({ 'GET /api/subjects/with-chapters': (call) => ({ body: call.search.get('className') === 'CBSE Class 10' ? [bilingual] : [] }) });
    await setLanguage('hi');
    try {
      renderPage(<TestQuizPage />);
      expect(await screen.findByRole('heading', { level: 3, name: 'पोषण और श्वसन' })).toBeTruthy();
      expect(screen.getByText('CBSE कक्षा 10 · विज्ञान · जैव प्रक्रम · 11 प्रश्न')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'क्विज़ शुरू करें: पोषण और श्वसन' }).getAttribute('href')).toBe(`/quiz/${id(31)}`);
    } finally {
      useI18n.setState({ language: 'en' });
    }
  });
});

describe('progress: batch, else per chapter retried twice (spec §8)', () => {
  const noWait = () => Promise.resolve();

  it('uses the batch call when it works', async () => {
    const calls: ProgressCalls = { batch: vi.fn(async () => ({ [id(1)]: progress(id(1)) })), one: vi.fn(), wait: noWait };
    expect(Object.keys(await fetchProgress([id(1), id(2)], calls))).toEqual([id(1)]);
    expect(calls.one).not.toHaveBeenCalled();
  });

  it('falls back to one call per chapter, each retried twice', async () => {
    const attempts = new Map<string, number>();
    const calls: ProgressCalls = {
      batch: vi.fn(async () => {
        throw new ApiError(500, 'boom');
      }),
      one: vi.fn(async (chapterId: string) => {
        const n = (attempts.get(chapterId) ?? 0) + 1;
        attempts.set(chapterId, n);
        if (chapterId === id(1) && n < 3) throw new ApiError(503, 'busy');
        if (chapterId === id(3)) throw new ApiError(503, 'busy');
        return chapterId === id(2) ? null : progress(chapterId);
      }),
      wait: noWait,
    };
    const result = await fetchProgress([id(1), id(2), id(3)], calls);
    expect(Object.keys(result)).toEqual([id(1)]);
    expect(attempts.get(id(1))).toBe(3);
    expect(attempts.get(id(2))).toBe(1);
    expect(attempts.get(id(3))).toBe(3);
  });

  it('does not fall back when the learner is not allowed (401/403)', async () => {
    const calls: ProgressCalls = {
      batch: vi.fn(async () => {
        throw new ApiError(403, 'not entitled');
      }),
      one: vi.fn(),
      wait: noWait,
    };
    await expect(fetchProgress([id(1)], calls)).rejects.toThrow('403');
    expect(calls.one).not.toHaveBeenCalled();
  });
});
