import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, setLanguage, useI18n } from '@lp/web-platform/i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { correctionNoticeText, type ProgressBatch, type SubjectWithChapters } from '@lp/contracts';
import { DashboardPage, VISITOR_SUBTITLE, dashboardGreeting } from '../src/pages/dashboard/DashboardPage.tsx';
import { HistoryList } from '../src/pages/dashboard/HistoryDialog.tsx';
import { CLASS_STORAGE_KEY, SUBJECT_STORAGE_KEY } from '../src/pages/dashboard/class-selection.ts';
import { chapter, id, mockApi, pausedSession, freshDashboardPerTest, progress, renderPage, signInAs, signOut, subject, toastTitles, type Handler } from './support.tsx';

const biology = subject(1, 'Biology', 'CBSE Class 12', [
  chapter(10, 'Human Reproduction', [
    { n: 11, name: 'The Male and Female Reproductive Systems', questions: 11 },
    { n: 12, name: 'Gametogenesis', questions: 11 },
  ]),
  chapter(20, 'Evolution', [{ n: 21, name: 'Origin of Life', questions: 11 }]),
  chapter(30, 'Microbes in Human Welfare', []),
]);
const physics = subject(2, 'Physics', 'CBSE Class 12', [chapter(40, 'Current Electricity', [{ n: 41, name: "Ohm's Law", questions: 10 }])]);
const science = subject(3, 'Science', 'CBSE Class 10', [chapter(50, 'Life Processes', [{ n: 51, name: 'Nutrition and Respiration', questions: 11 }])]);
const class11 = [subject(4, 'Biology', 'CBSE Class 11', [], true), subject(5, 'Physics', 'CBSE Class 11', [], true)];

const byClass: Record<string, SubjectWithChapters[]> = {
  'CBSE Class 12': [biology, physics],
  'CBSE Class 10': [science],
  'CBSE Class 11': class11,
};

function api(extra: Record<string, Handler | object> = {}) {
  return mockApi({
    'GET /api/subjects/with-chapters': (call) => ({ body: byClass[call.search.get('className') ?? ''] ?? [] }),
    'GET /api/sessions/paused': [],
    'GET /api/sessions/continue': [],
    [`GET /api/chapters/${id(10)}`]: { ...biology.chapters[0], subject: { id: biology.id, name: biology.name, className: biology.className } },
    'GET /api/sessions/stats': { currentStreak: 4, totalQuestions: 120 },
    'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 0, quizzesCompleted: 3, subscriptionStatus: 'active' },
    'GET /api/mistakes/by-chapter': {},
    'GET /api/mistakes/total': { totalMistakes: 0 },
    'POST /api/chapters/progress/batch': {},
    'POST /api/user/class': (call) => ({ body: { id: id(99), email: 'x@y.z', firstName: 'Ravi', lastName: 'S', role: 'learner', selectedClass: (call.body as { selectedClass: string }).selectedClass, selectedSubject: null } }),
    'POST /api/user/subject': (call) => ({ body: { id: id(99), email: 'x@y.z', firstName: 'Ravi', lastName: 'S', role: 'learner', selectedClass: 'CBSE Class 12', selectedSubject: (call.body as { selectedSubject: string }).selectedSubject } }),
    ...extra,
  });
}

/** Picks an option of one of the dashboard's selects (native selects) by its text. */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText<HTMLSelectElement>(label);
  const item = await within(select).findByRole<HTMLOptionElement>('option', { name: option });
  fireEvent.change(select, { target: { value: item.value } });
}

/** The text of the option a select shows. */
const chosen = (label: string) => screen.getByLabelText<HTMLSelectElement>(label).selectedOptions[0]?.textContent;

const card = (name: string) => screen.getByRole('article', { name });

freshDashboardPerTest();

describe('dashboard: class and subject', () => {
  it('shows CBSE Class 12 by default, with each subject’s chapter cards and topics', async () => {
    signOut();
    const calls = api();
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/subjects/with-chapters')?.search.get('className')).toBe('CBSE Class 12');
    const human = card('Human Reproduction');
    expect(within(human).getByText('22 questions · 2 topics')).toBeTruthy();
    // A visitor may not open /topic/{id} (it redirects to the landing page): the topic opens its sample quiz.
    expect(within(human).getByRole('link', { name: 'Gametogenesis' }).getAttribute('href')).toBe(`/quiz/sample?chapter=${id(10)}&topic=${id(12)}`);
    const upcoming = screen.getByRole('list', { name: 'Biology chapters without questions yet' });
    expect(within(upcoming).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Microbes in Human Welfare']);
    expect(screen.queryByRole('article', { name: 'Microbes in Human Welfare' })).toBeNull();
  });

  it('uses the class from the URL, then the stored one, then the profile', async () => {
    signInAs({ selectedClass: 'CBSE Class 10' });
    window.localStorage.setItem(CLASS_STORAGE_KEY, 'CBSE Class 11');
    window.history.replaceState(null, '', '/dashboard?class=CBSE%20Class%2012&subjectName=Physics');
    const calls = api();
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Physics' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Biology' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/subjects/with-chapters').map((c) => c.search.get('className'))).toEqual(['CBSE Class 12']);
    cleanup();

    window.history.replaceState(null, '', '/dashboard');
    const stored = api();
    renderPage(<DashboardPage />);
    await screen.findByText(/No subjects found for CBSE Class 11/);
    expect(stored.find((c) => c.path === '/api/subjects/with-chapters')?.search.get('className')).toBe('CBSE Class 11');
    cleanup();

    window.localStorage.clear();
    const profile = api();
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Science' })).toBeTruthy();
    expect(profile.find((c) => c.path === '/api/subjects/with-chapters')?.search.get('className')).toBe('CBSE Class 10');
  });

  it('changing the class clears the subject, saves it, and keeps the choice for a reload', async () => {
    signInAs();
    window.history.replaceState(null, '', `/dashboard?subject=${id(2)}`);
    const calls = api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Physics' });
    expect(chosen('Subject')).toBe('Physics');

    await choose('Class', 'CBSE Class 10');
    expect(await screen.findByRole('heading', { level: 2, name: 'Science' })).toBeTruthy();
    expect(chosen('Subject')).toBe('All subjects');
    await waitFor(() => expect(calls.find((c) => c.path === '/api/user/class')?.body).toEqual({ selectedClass: 'CBSE Class 10' }));
    expect(window.localStorage.getItem(CLASS_STORAGE_KEY)).toBe('CBSE Class 10');
    expect(window.localStorage.getItem(SUBJECT_STORAGE_KEY)).toBeNull();
    expect(new URLSearchParams(window.location.search).get('class')).toBe('CBSE Class 10');
    expect(new URLSearchParams(window.location.search).get('subject')).toBeNull();

    await choose('Subject', 'Science');
    await waitFor(() => expect(calls.find((c) => c.path === '/api/user/subject')?.body).toEqual({ selectedSubject: id(3) }));
    expect(window.localStorage.getItem(SUBJECT_STORAGE_KEY)).toBe(id(3));
  });

  it('shows the spec’s toasts when saving the class or the subject fails', async () => {
    signInAs();
    const down = () => ({ status: 500, body: { message: 'down' } });
    api({ 'POST /api/user/class': down, 'POST /api/user/subject': down });
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    await choose('Subject', 'Physics');
    await waitFor(() => expect(toastTitles()).toEqual(['destructive:Failed to save subject selection. Please try again.']));
    await choose('Class', 'CBSE Class 10');
    await waitFor(() => expect(toastTitles()).toEqual(['destructive:Failed to update class selection. Please try again.']));
  });

  it('keeps the class picked on the landing page: on the device for a visitor, in the profile for a learner (issue 31 §11)', async () => {
    signOut();
    window.history.replaceState(null, '', '/dashboard?class=CBSE%20Class%2010&remember=class&subjectName=Science');
    const visitor = api();
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Science' })).toBeTruthy();
    expect(chosen('Subject')).toBe('Science');
    await waitFor(() => expect(window.localStorage.getItem(CLASS_STORAGE_KEY)).toBe('CBSE Class 10'));
    expect(visitor.some((c) => c.method === 'POST')).toBe(false);
    cleanup();

    signInAs({ selectedClass: 'CBSE Class 12' });
    const learner = api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Science' });
    await waitFor(() => expect(learner.find((c) => c.path === '/api/user/class')?.body).toEqual({ selectedClass: 'CBSE Class 10' }));
  });

  it('a visitor’s choice is not sent to the server', async () => {
    signOut();
    const calls = api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    await choose('Class', 'CBSE Class 10');
    await screen.findByRole('heading', { level: 2, name: 'Science' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('dashboard: empty state and visitors', () => {
  it('says exactly that there are no subjects, and lists Coming Soon subjects', async () => {
    signOut();
    window.history.replaceState(null, '', '/dashboard?class=CBSE%20Class%2011');
    api();
    renderPage(<DashboardPage />);
    expect(await screen.findByText('No subjects found for CBSE Class 11. Content will appear here once uploaded by admin.')).toBeTruthy();
    const soon = screen.getByRole('region', { name: 'Coming Soon' });
    const items = within(soon).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['BiologyCBSE Class 11Coming Soon', 'PhysicsCBSE Class 11Coming Soon']);
  });

  it('shows a visitor sample quizzes, no second sign-in call, and no mistake review (issue 31 §12)', async () => {
    signOut();
    api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    // The header's "Sign in with Google" (the shell's) is the one call: no Login button, no badge here.
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByText('Login to track progress')).toBeNull();
    expect(screen.getByText(VISITOR_SUBTITLE)).toBeTruthy();
    const evolution = card('Evolution');
    expect(within(evolution).getByRole('link', { name: 'Sample Quiz: Evolution' }).getAttribute('href')).toBe(`/quiz/sample?chapter=${id(20)}`);
    expect(within(evolution).queryByRole('link', { name: /Full Chapter Quiz/ })).toBeNull();
    expect(within(evolution).queryByRole('button', { name: /Review Mistakes/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Review Subject Mistakes/ })).toBeNull();
  });

  it('greets a learner "Welcome" on the sign-in that created the account, "Welcome back" after', () => {
    expect(dashboardGreeting({ firstName: 'Maya', firstSignIn: true })).toBe('Welcome, Maya! Pick a chapter to study.');
    expect(dashboardGreeting({ firstName: 'Maya', firstSignIn: false })).toBe('Welcome back, Maya! Pick a chapter to study.');
    expect(dashboardGreeting({ firstName: 'Maya' })).toBe('Welcome back, Maya! Pick a chapter to study.');
  });

  it('names the cards’ placeholder while the subjects load, as a status (axe: a plain div may not carry a label)', async () => {
    signOut();
    api({ 'GET /api/subjects/with-chapters': () => new Promise(() => {}) });
    renderPage(<DashboardPage />);
    const placeholder = await screen.findByRole('status', { name: 'Loading subjects' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
  });

  it('shows an error with a retry when subjects cannot be loaded', async () => {
    signOut();
    let fail = true;
    api({ 'GET /api/subjects/with-chapters': () => (fail ? { status: 503, body: { message: 'unavailable' } } : { body: [biology] }) });
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Could not load subjects' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology' })).toBeTruthy();
  });
});

describe('dashboard: chapter cards with study data', () => {
  const batch: ProgressBatch = {
    [id(10)]: progress(id(10), { accuracyPercentage: 92, firstRevisionAt: '2025-02-20T00:00:00.000Z', revisionStage: 2, revisionDue: true }),
    [id(20)]: progress(id(20), {
      accuracyPercentage: 100,
      firstRevisionAt: '2025-02-20T00:00:00.000Z',
      secondRevisionAt: '2025-04-11T00:00:00.000Z',
      thirdRevisionAt: '2025-05-31T00:00:00.000Z',
      revisionStage: 4,
    }),
  };

  it('shows accuracy, a star per revision, Revision Due and Mastered, highlights at 90 and 100, and the stats', async () => {
    signInAs();
    const calls = api({ 'POST /api/chapters/progress/batch': batch, 'GET /api/mistakes/by-chapter': { [id(10)]: 3 } });
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    const human = card('Human Reproduction');
    await within(human).findByText('92%');
    expect(within(human).getByRole('img', { name: '1 of 3 revisions done' })).toBeTruthy();
    expect(within(human).getByText('Revision Due')).toBeTruthy();
    expect(within(human).queryByText('Mastered')).toBeNull();
    expect(human.getAttribute('data-highlight')).toBe('high');

    const evolution = card('Evolution');
    expect(within(evolution).getByRole('img', { name: '3 of 3 revisions done' })).toBeTruthy();
    expect(within(evolution).getByText('Mastered')).toBeTruthy();
    expect(within(evolution).queryByText('Revision Due')).toBeNull();
    expect(evolution.getAttribute('data-highlight')).toBe('perfect');

    expect(await screen.findByText('120')).toBeTruthy();
    expect(screen.getByText('Day streak').parentElement?.textContent).toContain('4');
    expect(screen.getByRole('link', { name: 'Spaced Review' }).getAttribute('href')).toBe('/quiz/review');
    const progressCall = calls.find((c) => c.path === '/api/chapters/progress/batch');
    expect((progressCall?.body as { chapterIds: string[] }).chapterIds.sort()).toEqual([id(10), id(20), id(40)].sort());
  });

  it('enables mistake review only with mistakes, and links it per chapter and per subject', async () => {
    signInAs();
    api({ 'GET /api/mistakes/by-chapter': (call) => ({ body: call.search.get('subjectId') === id(1) ? { [id(10)]: 3 } : {} }) });
    renderPage(<DashboardPage />);
    const link = await within(await screen.findByRole('article', { name: 'Human Reproduction' })).findByRole('link', { name: /Review Mistakes \(3\)/ });
    expect(link.getAttribute('href')).toBe(`/quiz/${id(11)}?chapter=${id(10)}&type=mistakes`);
    expect(within(card('Evolution')).queryByRole('button', { name: /Review Mistakes/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Review Subject Mistakes (3): Biology' }).getAttribute('href')).toBe(`/quiz/subject-mistakes?subject=${id(1)}`);
    expect(screen.queryByRole('button', { name: /Review Subject Mistakes \(0\)/ })).toBeNull();
    expect(within(card('Evolution')).getByRole('link', { name: 'Full Chapter Quiz: Evolution' }).getAttribute('href')).toBe(`/quiz/chapter/${id(20)}`);
  });

  it('a paused session offers Resume and Retake; every other card says which quiz waits, and continues or discards it in one tap', async () => {
    signInAs();
    const session = pausedSession({ mode: 'full', chapterId: id(10), resumeQuestionIndex: 6 });
    const calls = api({
      'GET /api/sessions/paused': [session],
      'GET /api/mistakes/by-chapter': { [id(10)]: 3, [id(20)]: 2 },
      [`DELETE /api/sessions/${session.id}`]: { ok: true },
    });
    renderPage(<DashboardPage />);
    const human = await screen.findByRole('article', { name: 'Human Reproduction' });
    const resume = await within(human).findByRole('link', { name: 'Resume Human Reproduction' });
    expect(resume.getAttribute('href')).toBe(`/quiz/${id(11)}?resume=${session.id}&chapter=${id(10)}&type=full`);
    // The mistake counts are a call of their own, which may answer after the paused session.
    expect((await within(human).findByRole<HTMLButtonElement>('button', { name: /Review Mistakes \(3\)/ })).disabled).toBe(true);

    // Issue 31 §7: no pair of identical disabled buttons; the card names the paused quiz and offers both ways out.
    const evolution = card('Evolution');
    expect(within(evolution).queryAllByRole('button', { name: 'Complete Current Quiz First' })).toEqual([]);
    const notice = await within(evolution).findByRole('group', { name: 'Complete Current Quiz First: Evolution' });
    await waitFor(() => expect(notice.querySelector('p')!.textContent).toBe('Complete Current Quiz First. You have a paused quiz in Human Reproduction (Question 7 of 20).'));
    expect(within(notice).getByRole('link', { name: 'Continue the paused quiz in Human Reproduction' }).getAttribute('href'))
      .toBe(`/quiz/chapter/${id(10)}?resume=${session.id}`);
    expect((within(evolution).getByRole('button', { name: /Review Mistakes \(2\)/ }) as HTMLButtonElement).disabled).toBe(true);
    // Discard asks first; Keep it changes nothing.
    fireEvent.click(within(notice).getByRole('button', { name: 'Discard the paused quiz in Human Reproduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your quiz in Human Reproduction?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(human).getByRole('button', { name: 'Retake Human Reproduction' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/quiz/chapter/${id(10)}`));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/sessions/${session.id}`)).toBe(true);
  });

  it('discarding the paused quiz from another chapter’s card deletes it after the confirmation and frees every card', async () => {
    signInAs();
    const session = pausedSession({ mode: 'full', chapterId: id(10) });
    let gone = false;
    const calls = api({
      'GET /api/sessions/paused': () => ({ body: gone ? [] : [session] }),
      [`DELETE /api/sessions/${session.id}`]: () => { gone = true; return { body: { ok: true } }; },
    });
    renderPage(<DashboardPage />);
    const evolution = await screen.findByRole('article', { name: 'Evolution' });
    fireEvent.click(await within(evolution).findByRole('button', { name: /^Discard the paused quiz in / }));
    const dialog = await screen.findByRole('dialog', { name: /^Discard your quiz in / });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard quiz' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/sessions/${session.id}`)).toBe(true));
    expect(await within(evolution).findByRole('link', { name: 'Full Chapter Quiz: Evolution' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('puts a quiz left without pausing at the top: chapter, "Question 7 of 20", Continue to the recorded place', async () => {
    signInAs();
    const left = pausedSession({ mode: 'full', chapterId: id(10), isPaused: false, questionsAnswered: 6, resumeQuestionIndex: 6, currentQuestionIndex: 0 });
    api({ 'GET /api/sessions/continue': [left] });
    renderPage(<DashboardPage />);
    const top = await screen.findByRole('region', { name: 'Continue where you left off' });
    await waitFor(() => expect(top.textContent).toContain('Human Reproduction · Full chapter quiz'));
    expect(top.textContent).toContain('Question 7 of 20 (6 answered)');
    expect(within(top).getByRole('link', { name: 'Continue Human Reproduction: Question 7 of 20' }).getAttribute('href')).toBe(`/quiz/chapter/${id(10)}?resume=${left.id}`);
    expect(within(top).getByRole('button', { name: 'Discard the quiz in Human Reproduction' })).toBeTruthy();
    // It is not paused, so no card is locked.
    expect(await within(await screen.findByRole('article', { name: 'Evolution' })).findByRole('link', { name: 'Full Chapter Quiz: Evolution' })).toBeTruthy();
  });

  it('says so when deleting the paused session fails', async () => {
    signInAs();
    const session = pausedSession({ mode: 'topic', topicId: id(21), chapterId: id(20) });
    api({ 'GET /api/sessions/paused': [session], [`DELETE /api/sessions/${session.id}`]: () => ({ status: 500, body: { message: 'x' } }) });
    renderPage(<DashboardPage />);
    const evolution = await screen.findByRole('article', { name: 'Evolution' });
    fireEvent.click(await within(evolution).findByRole('button', { name: 'Retake Evolution' }));
    await waitFor(() => expect(toastTitles()).toEqual(['destructive:Failed to delete session. Please try again.']));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('shows a free learner their plan and a link to subscribe', async () => {
    signInAs();
    api({ 'GET /api/subscription/status': { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'none' } });
    renderPage(<DashboardPage />);
    expect(await screen.findByText(/Free plan · 1 free trial quiz left/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe');
  });
});

describe('history dialog colours', () => {
  it('colours scores at 80 and 60 percent', () => {
    renderPage(
      <HistoryList
        history={{
          lastFullChapterQuiz: { date: '2025-05-01T10:00:00.000Z', score: 17, totalQuestions: 20, percentage: 85 },
          last5Quizzes: [
            { quizType: 'full', date: '2025-05-01T10:00:00.000Z', score: 17, totalQuestions: 20, scorePercentage: 85 },
            { quizType: 'topic', date: '2025-04-30T10:00:00.000Z', score: 6, totalQuestions: 10, scorePercentage: 60 },
            { quizType: 'mistakes', date: '2025-04-29T10:00:00.000Z', score: 5, totalQuestions: 10, scorePercentage: 50 },
          ],
        }}
      />,
    );
    const tones = screen.getAllByText(/%$/).map((el) => el.closest('[data-tone]')?.getAttribute('data-tone'));
    expect(tones).toEqual(['good', 'good', 'fair', 'poor']);
    expect(screen.getByText('Mistake review')).toBeTruthy();
  });

  it('dates each quiz in the one date format of every page ("30 Apr 2025")', () => {
    renderPage(<HistoryList history={{ lastFullChapterQuiz: null, last5Quizzes: [{ quizType: 'topic', date: '2025-04-30T10:00:00.000Z', score: 6, totalQuestions: 10, scorePercentage: 60 }] }} />);
    expect(document.body.textContent).toContain('30 Apr 2025');
  });

  it('opens from a card and loads the chapter’s history', async () => {
    signInAs();
    const calls = api({
      'GET /api/chapter/history': { lastFullChapterQuiz: null, last5Quizzes: [{ quizType: 'topic', date: '2025-04-30T10:00:00.000Z', score: 7, totalQuestions: 10, scorePercentage: 70 }] },
    });
    renderPage(<DashboardPage />);
    const evolution = await screen.findByRole('article', { name: 'Evolution' });
    const historyButton = within(evolution).getByRole('button', { name: 'History of Evolution' });
    fireEvent.click(historyButton);
    const dialog = await screen.findByRole('dialog', { name: 'Evolution: history' });
    expect(await within(dialog).findByText('No full chapter quiz taken yet.')).toBeTruthy();
    expect(within(dialog).getByText('Topic quiz')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/chapter/history')?.search.get('chapterId')).toBe(id(20));

    // Closed, focus goes back to the card's History button (the dialog has no Radix trigger to return to).
    expect(historyButton.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(historyButton);
    expect(historyButton.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('dashboard: pages and server features reachable from it (issue 30 §2)', () => {
  it('a signed-in learner’s topic opens the topic page', async () => {
    signInAs();
    api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    expect(within(card('Human Reproduction')).getByRole('link', { name: 'Gametogenesis' }).getAttribute('href')).toBe(`/topic/${id(12)}`);
  });

  it('links Biology’s chapter files from its section and from the dashboard, and a visitor’s sample topics', async () => {
    signOut();
    api();
    renderPage(<DashboardPage />);
    await screen.findByRole('heading', { level: 2, name: 'Biology' });
    expect(screen.getByRole('link', { name: 'Class XII Biology chapter files' }).getAttribute('href')).toBe('/download-biology');
    const biology = screen.getByRole('region', { name: 'Biology' });
    expect(within(biology).getByRole('link', { name: 'Download Biology chapter files' }).getAttribute('href')).toBe('/download-biology');
    // The subjects are drawn one after another (issue 32 §3): Physics follows Biology.
    expect(within(await screen.findByRole('region', { name: 'Physics' })).queryByRole('link', { name: /chapter files/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sample topics to try' }).getAttribute('href')).toBe('/test-quiz');
  });

  it('shows the learner’s total mistakes to review', async () => {
    signInAs();
    api({ 'GET /api/mistakes/total': { totalMistakes: 17 } });
    renderPage(<DashboardPage />);
    await waitFor(() => expect(screen.getByText('Mistakes to review').parentElement?.textContent).toContain('17'));
  });

  it('clears a chapter’s mistakes only after the learner confirms, then shows the new counts', async () => {
    signInAs();
    let cleared = false;
    const calls = api({
      'GET /api/mistakes/by-chapter': (call) => ({ body: call.search.get('subjectId') === id(1) && !cleared ? { [id(10)]: 3 } : {} }),
      'GET /api/mistakes/total': () => ({ body: { totalMistakes: cleared ? 0 : 3 } }),
      [`DELETE /api/mistakes/chapter/${id(10)}`]: () => {
        cleared = true;
        return { body: { ok: true } };
      },
    });
    renderPage(<DashboardPage />);
    const human = await screen.findByRole('article', { name: 'Human Reproduction' });
    expect(within(card('Evolution')).queryByRole('button', { name: /Clear Mistakes/ })).toBeNull();
    fireEvent.click(await within(human).findByRole('button', { name: 'Clear Mistakes (3): Human Reproduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the mistakes of Human Reproduction?' });
    expect(within(dialog).getByText(/3 questions you got wrong will leave your mistake review/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(human).getByRole('button', { name: 'Clear Mistakes (3): Human Reproduction' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear Mistakes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/mistakes/chapter/${id(10)}`);
    await waitFor(() => expect(within(human).queryByRole('link', { name: /Review Mistakes/ })).toBeNull());
    expect(within(human).queryByRole('button', { name: /Clear Mistakes/ })).toBeNull();
    expect(toastTitles()).toEqual(['default:Mistakes of Human Reproduction cleared']);
  });
});

describe('history dialog: a past quiz’s wrong answers', () => {
  const SESSION = 'eeeeeeeeeeeeeeeeeeeeeee1';
  const RETAKEN = 'eeeeeeeeeeeeeeeeeeeeeee2';
  const wrongQuestion = { id: id(70), topicId: id(21), chapterId: id(20), question: 'Who proposed natural selection?', type: 'multiple_choice', options: ['Darwin', 'Lamarck'], difficulty: 1 };

  it('lists a quiz’s wrong answers on demand, and says so when the quiz was retaken', async () => {
    signInAs();
    const calls = api({
      'GET /api/chapter/history': {
        lastFullChapterQuiz: null,
        last5Quizzes: [
          { quizType: 'topic', date: '2025-04-30T10:00:00.000Z', score: 7, totalQuestions: 10, scorePercentage: 70, sessionId: SESSION },
          { quizType: 'full', date: '2025-04-29T10:00:00.000Z', score: 5, totalQuestions: 10, scorePercentage: 50, sessionId: RETAKEN },
          { quizType: 'topic', date: '2025-04-28T10:00:00.000Z', score: 10, totalQuestions: 10, scorePercentage: 100, sessionId: id(71) },
          { quizType: 'topic', date: '2025-04-27T10:00:00.000Z', score: 1, totalQuestions: 10, scorePercentage: 10 },
        ],
      },
      [`GET /api/sessions/${SESSION}/incorrect-questions`]: [wrongQuestion],
    });
    renderPage(<DashboardPage />);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Evolution' })).getByRole('button', { name: 'History of Evolution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evolution: history' });
    const buttons = await within(dialog).findAllByRole('button', { name: /^Wrong answers:/ });
    // Only quizzes with wrong answers and a kept session offer it.
    expect(buttons).toHaveLength(2);
    expect(calls.some((c) => c.path.endsWith('/incorrect-questions'))).toBe(false);

    fireEvent.click(buttons[0]!);
    const list = await within(dialog).findByRole('list', { name: /^Wrong answers of Topic quiz/ });
    expect(list.textContent).toContain('Who proposed natural selection?');
    expect(buttons[0]!.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(buttons[1]!); // its session was deleted by a retake: 404
    expect(await within(dialog).findByText('This quiz was retaken, so its answers are gone.')).toBeTruthy();
  });
});

describe('dashboard in Hindi (issue 33 §1)', () => {
  afterEach(() => {
    useI18n.setState({ language: 'en' });
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it('reads in Hindi once हिन्दी is the language, names and numbers as they are', async () => {
    signInAs({ firstName: 'Asha' });
    api();
    await setLanguage('hi');
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeTruthy();
    expect(screen.getByText('फिर से स्वागत है, Asha! पढ़ने के लिए एक अध्याय चुनें।')).toBeTruthy();
    const human = await screen.findByRole('article', { name: 'Human Reproduction' });
    expect(within(human).getByText('22 प्रश्न · 2 टॉपिक')).toBeTruthy();
    expect(within(human).getByRole('link', { name: 'पूरे अध्याय की क्विज़: Human Reproduction' })).toBeTruthy();
    expect(screen.getByText('लगातार दिन')).toBeTruthy();
  });

  it('words a corrected-question notice in the reader’s language, the same words as the server’s in English', async () => {
    const quoted = 'Which organ makes insulin?';
    const notice = { id: 'n1', kind: 'flag-corrected', questionId: id(70), text: correctionNoticeText(quoted), question: quoted, createdAt: '2026-11-27T10:00:00.000Z' };
    const older = { id: 'n0', kind: 'flag-corrected', questionId: id(71), text: correctionNoticeText('An older one?'), createdAt: '2026-11-26T10:00:00.000Z' };
    signInAs({ firstName: 'Asha' });
    api({ 'GET /api/question-flags/notices': { notices: [notice, older] } });
    renderPage(<DashboardPage />);
    const reports = await screen.findByRole('region', { name: 'Notices' }, { timeout: 5_000 });
    expect(within(reports).getByText(correctionNoticeText(quoted))).toBeTruthy();
    cleanup();

    await setLanguage('hi');
    renderPage(<DashboardPage />);
    const hindi = await screen.findByText('प्रश्न “Which organ makes insulin?” के बारे में आप सही थे: एक एडमिन ने इसे सुधार दिया है। बताने के लिए धन्यवाद।', {}, { timeout: 5_000 });
    expect(hindi).toBeTruthy();
    expect(screen.getByRole('button', { name: /^ठीक है: प्रश्न “Which organ makes insulin\?”/ })).toBeTruthy();
    // A notice left before the quoted question was kept still reads, in the server's words.
    expect(screen.getByText(correctionNoticeText('An older one?'))).toBeTruthy();
  });

  it('names subjects, chapters and topics in Hindi where the catalogue has them, the English name as the title', async () => {
    signInAs({ firstName: 'Asha', selectedClass: 'CBSE Class 10' });
    const economics: SubjectWithChapters = {
      ...subject(6, 'Economics', 'CBSE Class 10', [
        {
          ...chapter(60, 'Development', [{ n: 61, name: 'What Development Promises', questions: 11 }]),
          hi: { name: 'विकास' },
        },
      ]),
      hi: { name: 'अर्थशास्त्र' },
    };
    economics.chapters[0]!.topics[0]!.hi = { name: 'विकास क्या वादा करता है' };
    api({ 'GET /api/subjects/with-chapters': [economics, science] });
    await setLanguage('hi');
    renderPage(<DashboardPage />);
    const subjectHeading = await screen.findByRole('heading', { level: 2, name: 'अर्थशास्त्र' });
    expect(subjectHeading.querySelector('[title]')?.getAttribute('title')).toBe('Economics');
    const development = screen.getByRole('article', { name: 'विकास' });
    const topic = within(development).getByRole('link', { name: 'विकास क्या वादा करता है' });
    expect(topic.querySelector('[title]')?.getAttribute('title')).toBe('What Development Promises');
    // A subject without a Hindi name keeps its English one.
    expect(await screen.findByRole('heading', { level: 2, name: 'Science' })).toBeTruthy();
    // The class is the interface's word: "CBSE कक्षा 10".
    expect(screen.getAllByText(/^CBSE कक्षा 10 · 1 अध्याय · 11 प्रश्न$/).length).toBeGreaterThan(0);
  });
});
