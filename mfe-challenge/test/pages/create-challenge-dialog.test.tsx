// The create-challenge dialog's states past test/pages.test.tsx (nobody selected, unknown e-mail, a link made):
// creating (button disabled), a link refused (the server's message, else 'Failed to create challenge. Please try
// again.'), a friend found and the challenge sent ('Challenge sent!', the dialog closes) or refused (spec §8 word for
// word). The API is faked at the fetch boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useToasts } from '@lp/web-platform';
import { setLanguage } from '@lp/web-platform/i18n';
import { apiError, fakeApi, heldReply } from '@lp/web-platform/testing';
import { CreateChallengeDialog, MESSAGES, SHARE_TEXT } from '../../src/CreateChallengeDialog.tsx';

const SESSION = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const FRIEND = { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', firstName: 'Gita', lastName: 'Learner' };
const toastTitles = () => useToasts.getState().toasts.map((t) => t.title);

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function dialog() {
  const onOpenChange = vi.fn();
  render(<CreateChallengeDialog open onOpenChange={onOpenChange} sessionId={SESSION} />);
  return onOpenChange;
}

describe('the create-challenge dialog: a link', () => {
  it("says 'Creating…' while the link is made", async () => {
    const held = heldReply();
    fakeApi({ 'POST /api/challenges': held.handler });
    dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('button', { name: 'Creating…' })).hasAttribute('disabled')).toBe(true);
  });

  it("says why a link was refused (the server's message), else 'Failed to create challenge. Please try again.'", async () => {
    let refusal = apiError(404, 'That quiz session is not yours or not finished.');
    fakeApi({ 'POST /api/challenges': () => refusal });
    dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That quiz session is not yours or not finished.');
    expect(toastTitles()).toEqual([MESSAGES.createFailed]);
    refusal = { status: 502, body: undefined };
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create challenge. Please try again.'));
    expect(screen.queryByLabelText('Challenge link')).toBeNull();
  });
});

describe('the create-challenge dialog: sharing the link (issue 31, item 13)', () => {
  const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
  const makeLink = async () => {
    fakeApi({ 'POST /api/challenges': { body: { id: 'ccccccccccccccccccccccc1', token: TOKEN, kind: 'link', expiresAt: '2026-03-09T06:00:00.000Z', maxUses: null } } });
    dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByLabelText('Challenge link');
  };
  const link = () => `${window.location.origin}/c/${TOKEN}`;

  it("opens the phone's share sheet with the link and an invitation, where the browser has one", async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    await makeLink();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Quiz challenge', text: SHARE_TEXT, url: link() }));
  });

  it('offers WhatsApp with the invitation and the link where the browser cannot share', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share: undefined }));
    await makeLink();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const url = new URL(whatsApp.getAttribute('href')!);
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe(`${SHARE_TEXT} ${link()}`);
    expect(whatsApp.getAttribute('target')).toBe('_blank');
  });
});

describe('the create-challenge dialog: to a friend by e-mail', () => {
  const findFriend = async () => {
    fireEvent.change(screen.getByLabelText("Friend's e-mail"), { target: { value: ' gita@example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByText('Gita Learner')).closest('[role="status"]')!.textContent).toBe('Selected: Gita Learner');
  };

  it("sends the challenge to the friend found, with the message: 'Challenge sent!', and the dialog closes", async () => {
    const calls = fakeApi({
      'GET /api/users/search': { body: FRIEND },
      'POST /api/challenges': { body: { id: 'ccccccccccccccccccccccc1', token: 'AbCdEfGhIjKlMnOpQrStUv', kind: 'direct', expiresAt: '2026-03-09T06:00:00.000Z', maxUses: 1 } },
    });
    const onOpenChange = dialog();
    await findFriend();
    expect(calls[0]!.search.get('email')).toBe('gita@example.test');
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: ' Beat this! ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(toastTitles()).toEqual([MESSAGES.sent]));
    expect(MESSAGES.sent).toBe('Challenge sent!');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ sessionId: SESSION, challengedId: FRIEND.id, message: 'Beat this!' });
  });

  it("says 'Error: Failed to send challenge. Please try again.' when sending is refused, and stays open", async () => {
    fakeApi({
      'GET /api/users/search': { body: FRIEND },
      'POST /api/challenges': apiError(503, 'Challenge is unavailable'),
    });
    const onOpenChange = dialog();
    await findFriend();
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to send challenge. Please try again.');
    expect(toastTitles()).toEqual([MESSAGES.sendFailed]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('the create-challenge dialog in Hindi (issue 33 §1)', () => {
  afterEach(() => setLanguage('en'));

  it('reads in Hindi, and says in Hindi that nobody was chosen', async () => {
    await setLanguage('hi');
    fakeApi({});
    dialog();
    expect(screen.getByRole('dialog', { name: 'दोस्त को चुनौती दें' })).toBeTruthy();
    expect(screen.getByLabelText('कितने दोस्त खेल सकते हैं (खाली: असीमित)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'लिंक बनाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'चुनौती भेजें' }));
    expect((await screen.findByRole('alert')).textContent).toBe('कोई उपयोगकर्ता नहीं चुना: कृपया पहले किसी उपयोगकर्ता को खोजकर चुनें।');
  });
});
