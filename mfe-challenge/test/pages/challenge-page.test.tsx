// /challenge/:id's states (spec §2, §8): a link without its id, a visitor, loading, not found, the service failing
// (then Retry), open (the friend takes the quiz; the creator waits and shares the link), completed side by side with
// everyone who played, and expired. The API is faked at the fetch boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Challenge } from '@lp/contracts';
import { useSession } from '@lp/web-platform';
import { setLanguage } from '@lp/web-platform/i18n';
import { apiError, fakeApi, heldReply, renderPage } from '@lp/web-platform/testing';
import { ChallengePage } from '../../src/pages/ChallengePage.tsx';

const CREATOR = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const FRIEND = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const ID = 'ccccccccccccccccccccccc1';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const URL_OF_ID = `GET /api/challenges/${ID}`;

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  id: ID, token: TOKEN, kind: 'direct', status: 'open', chapterId: null, topicId: null,
  challengerName: 'Ravi Subscriber', challengerScore: 80, challengerTime: 95, challengerCorrectAnswers: 4, challengerTotalQuestions: 5,
  challengerId: CREATOR, challengedId: FRIEND, challengedName: 'Gita Learner', friendName: null, friendScore: null, friendTime: null,
  friendCorrectAnswers: null, winner: null, results: [], message: 'Beat this!', questionCount: 5, uses: 0, maxUses: null,
  expiresAt: '2026-03-09T06:00:00.000Z', createdAt: '2026-03-02T06:00:00.000Z', ...over,
});
const signInAs = (id: string) => useSession.setState({
  status: 'authenticated', error: null,
  user: { id, email: `${id}@example.test`, firstName: 'Test', lastName: 'User', role: 'learner', selectedClass: null, selectedSubject: null },
});
const page = () => renderPage(<ChallengePage params={{ id: ID }} />);

beforeEach(() => {
  signInAs(FRIEND);
  window.history.replaceState(null, '', `/challenge/${ID}`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/challenge/:id: before the challenge is shown', () => {
  it('says the link is missing its id, asking nothing', () => {
    const calls = fakeApi({});
    renderPage(<ChallengePage params={{}} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Invalid Challenge');
    expect(alert.textContent).toContain('This challenge link is missing its id.');
    expect(calls).toEqual([]);
  });

  it('asks a visitor to sign in', () => {
    useSession.setState({ status: 'unauthenticated', user: null, error: null });
    fakeApi({});
    page();
    expect(within(screen.getByRole('alert')).getByRole('heading').textContent).toBe('Sign in to see this challenge');
  });

  it('says it is loading until the challenge comes', async () => {
    const held = heldReply();
    fakeApi({ [URL_OF_ID]: held.handler });
    page();
    expect(screen.getByRole('status').textContent).toBe('Loading the challenge…');
    held.answer({ body: challenge() });
    await screen.findByRole('heading', { name: 'You have been challenged by Ravi Subscriber' });
  });

  it('says Challenge Not Found when the service does not know it', async () => {
    fakeApi({ [URL_OF_ID]: apiError(404, 'Challenge not found') });
    page();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Challenge Not Found');
    expect(alert.textContent).toContain('This challenge may have expired or doesn\u2019t exist.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says it could not be loaded when the service fails, and Retry loads it', async () => {
    let fail = true;
    fakeApi({ [URL_OF_ID]: () => (fail ? apiError(503, 'Challenge is unavailable') : { body: challenge() }) });
    page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The challenge could not be loaded. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'You have been challenged by Ravi Subscriber' });
  });
});

describe('/challenge/:id: the challenge', () => {
  it("open, to the friend: the challenger's numbers and message; Take the Quiz accepts it, then goes to the link", async () => {
    const calls = fakeApi({ [URL_OF_ID]: { body: challenge() }, [`POST /api/challenges/${ID}/accept`]: { body: challenge() } });
    page();
    await screen.findByRole('heading', { name: 'You have been challenged by Ravi Subscriber' });
    expect(screen.getByText('Beat this!')).toBeTruthy();
    expect(screen.getByText(/^Ravi Subscriber scored 80% \(4 of 5\)\. Expires on 9 Mar 2026\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take the Quiz' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/c/${TOKEN}`));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /api/challenges/${ID}/accept`);
  });

  it('the friend whose accept is refused stays on the challenge and is told so', async () => {
    fakeApi({ [URL_OF_ID]: { body: challenge() }, [`POST /api/challenges/${ID}/accept`]: apiError(503, 'Challenge is unavailable') });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Take the Quiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Challenge is unavailable');
    expect(window.location.pathname).toBe(`/challenge/${ID}`);
    expect(screen.getByRole('button', { name: 'Take the Quiz' }).hasAttribute('disabled')).toBe(false);
  });

  it('links the whole chapter quiz the challenge was played on', async () => {
    const chapterId = 'bbbbbbbbbbbbbbbbbbbbbbb1';
    fakeApi({ [URL_OF_ID]: { body: challenge({ chapterId }) } });
    page();
    const link = await screen.findByRole('link', { name: 'Practise the whole chapter first' });
    expect(link.getAttribute('href')).toBe(`/quiz/chapter/${chapterId}`);
  });

  it('open, to its creator: waiting for the friend, with the link to share', async () => {
    signInAs(CREATOR);
    fakeApi({ [URL_OF_ID]: { body: challenge() } });
    page();
    await screen.findByRole('heading', { name: 'Waiting for your friend' });
    expect(screen.getByText(`Nobody has finished it yet. Share the link: ${window.location.origin}/c/${TOKEN}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take the Quiz' })).toBeNull();
  });

  it('completed: the results side by side with the winner, and everyone who played', async () => {
    signInAs(CREATOR);
    const result = (attemptId: string, name: string, score: number, winner: 'friend' | 'challenger') => ({
      attemptId, name, score, correctAnswers: score / 20, totalQuestions: 5, timeSpent: 60, completedAt: '2026-03-03T06:00:00.000Z', winner,
    });
    fakeApi({
      [URL_OF_ID]: {
        body: challenge({
          kind: 'link', status: 'completed', challengedId: null, winner: 'friend',
          results: [
            result('eeeeeeeeeeeeeeeeeeeeeee1', 'Gita', 100, 'friend'), { ...result('eeeeeeeeeeeeeeeeeeeeeee2', 'Asha', 60, 'challenger'), place: 4 },
            { ...result('eeeeeeeeeeeeeeeeeeeeeee3', 'Mohan', 80, 'friend'), untimed: true, place: 2 }, { ...result('eeeeeeeeeeeeeeeeeeeeeee4', 'Kiran', 80, 'challenger'), place: 2 },
          ].map((r) => ({ place: 1, ...r })),
        }),
      },
    });
    page();
    await screen.findByRole('heading', { name: 'Your challenge results' });
    expect(screen.getByText('Gita won!')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Friend: Gita' }).textContent).toContain('100%');
    expect(screen.getByRole('region', { name: 'You: Ravi Subscriber' }).textContent).toContain('80%');
    expect(screen.getByRole('heading', { name: 'Everyone who played' })).toBeTruthy();
    // In their places (issue 33 §3): accuracy first; Mohan, untimed, shares second place with Kiran.
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((li) => [(li as HTMLLIElement).value, li.textContent])).toEqual([
      [1, 'Gita: 100% (5 of 5), beat your score'],
      [2, 'Mohan: 80% (4 of 5), beat your score'],
      [2, 'Kiran: 80% (4 of 5)'],
      [4, 'Asha: 60% (3 of 5)'],
    ]);
  });

  it("expired: says when, and still offers the chapter's quiz", async () => {
    fakeApi({ [URL_OF_ID]: { body: challenge({ status: 'expired', chapterId: 'bbbbbbbbbbbbbbbbbbbbbbb1' }) } });
    page();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Challenge expired');
    expect(alert.textContent).toContain('This challenge expired on 9 Mar 2026.');
    expect(screen.getByRole('link', { name: 'Practise the whole chapter' }).getAttribute('href')).toBe('/quiz/chapter/bbbbbbbbbbbbbbbbbbbbbbb1');
    expect(screen.queryByRole('button', { name: 'Take the Quiz' })).toBeNull();
  });
});

describe('/challenge/:id in Hindi (issue 33 §1)', () => {
  afterEach(() => setLanguage('en'));

  it('the friend reads the open challenge in Hindi', async () => {
    await setLanguage('hi');
    fakeApi({ [URL_OF_ID]: { body: challenge({ chapterId: 'ddddddddddddddddddddddd1' }) } });
    page();
    await screen.findByRole('heading', { name: 'Ravi Subscriber ने आपको चुनौती दी है' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('चुनौती');
    expect(screen.getByText(/^Ravi Subscriber के अंक: 80% \(5 में से 4\)। समाप्ति: /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'क्विज़ शुरू करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'पहले पूरे अध्याय का अभ्यास करें' })).toBeTruthy();
  });
});
