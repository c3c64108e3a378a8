/**
 * The shell's chrome in jsdom, driven by the shared session store: the Loading state, both route
 * sets, the navigation by role, the disclaimer modal, the policy pages and the 404 page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { navigate, useSession, useToasts, type CurrentUser } from '@lp/web-platform';
import { getQueryClient } from '@lp/web-platform/query';
import { FakeEventSource, resetPushForTests } from '@lp/web-platform/testing';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { Chrome } from '../src/Chrome.tsx';
import { loadLanding } from '../src/pages/ShellPages.tsx';
import { resetReplyNoticesForTests } from '../src/chrome/reply-notices.ts';
import { TAGLINE } from '../src/brand.ts';
import { signInHrefFor } from '../src/chrome/SignInButton.tsx';

const users: Record<'learner' | 'owner', CurrentUser> = {
  learner: { id: '64d1de000000000000000001', email: 'asha@demo.test', firstName: 'Asha', lastName: 'Learner', role: 'learner' },
  owner: { id: '64d1de000000000000000003', email: 'owner@demo.test', firstName: 'Owner', lastName: 'Admin', role: 'owner' },
};

let disclaimerAccepted = true;
let acceptFails = false;
let notices: unknown[] = [];
let savedLanguages: { language: string }[] = [];
let languageSaveFails = false;
let untimedSaveFails = false;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/feedback/notices') return new Response(JSON.stringify({ notices }), { status: 200 });
  if (url === '/api/feedback/notices/seen' && init?.method === 'POST') return new Response(JSON.stringify({ unseen: 0 }), { status: 200 });
  if (url === '/api/user/untimed' && init?.method === 'POST') {
    if (untimedSaveFails) return new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'The service is busy right now. Your request was not taken; please try again in a moment.', code: 'OVERLOADED' }), { status: 503 });
    const { untimed } = JSON.parse(String(init.body)) as { untimed: boolean };
    return new Response(JSON.stringify({ ...users.learner, untimed }), { status: 200 });
  }
  if (url === '/api/user/language' && init?.method === 'POST') {
    savedLanguages.push(JSON.parse(String(init.body)) as { language: string });
    return languageSaveFails ? new Response('identity is down', { status: 503 }) : new Response(JSON.stringify({ ...users.learner, ...savedLanguages.at(-1) }), { status: 200 });
  }
  if (url === '/api/auth/disclaimer/status') return new Response(JSON.stringify({ disclaimerAccepted }), { status: 200 });
  if (url === '/api/auth/disclaimer/accept' && init?.method === 'POST') {
    if (acceptFails) return new Response('identity is down', { status: 503 });
    disclaimerAccepted = true;
    return new Response(JSON.stringify({ disclaimerAccepted: true }), { status: 200 });
  }
  return new Response('not found', { status: 404 });
});

beforeAll(async () => {
  // The landing page is a chunk of its own; loaded once, it renders at once (as after bootstrap.tsx's preload).
  await loadLanding();
  window.scrollTo = vi.fn() as never;
  // Radix positions menus with these; jsdom lacks them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  notices = [];
  resetReplyNoticesForTests();
  disclaimerAccepted = true;
  acceptFails = false;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  getQueryClient().clear();
  document.head.innerHTML = '<meta name="description" content="default description">';
  // As shell/index.html: the skip link is static HTML before the header.
  document.body.innerHTML = '<a class="lp-skip-link" href="#lp-main">Skip to content</a><div id="header"></div><main><div id="page"></div></main><div id="footer"></div>';
});

afterEach(async () => {
  cleanup();
  savedLanguages = [];
  languageSaveFails = false;
  untimedSaveFails = false;
  await setLanguage('en');
  window.localStorage.clear();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useSession.setState({ status: 'loading', user: null, error: null });
  window.history.replaceState(null, '', '/');
});

function show(path: string, who: 'loading' | 'visitor' | 'learner' | 'owner') {
  window.history.replaceState(null, '', path);
  if (who === 'loading') useSession.setState({ status: 'loading', user: null });
  else useSession.getState().setUser(who === 'visitor' ? null : users[who]);
  const byId = (id: string) => document.getElementById(id)!;
  return render(<Chrome pageSlot={byId('page')} footerSlot={byId('footer')} />, { container: byId('header') });
}

const h1 = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('while the user is being checked', () => {
  it('shows only a full-screen "Loading..." spinner', () => {
    show('/dashboard', 'loading');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(h1()).toBeNull();
  });

  it('then renders the route set of the answer', () => {
    show('/', 'loading');
    act(() => useSession.getState().setUser(null));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(h1()).toBe('Master Knowledge Through Smart Repetition');
  });
});

describe('signed out', () => {
  it('/ is the landing page; every sign-in button goes to /api/login', () => {
    show('/', 'visitor');
    expect(h1()).toBe('Master Knowledge Through Smart Repetition');
    for (const name of ['Smart Spaced Repetition', 'Challenge Friends', 'Track Progress']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    const signIns = screen.getAllByRole('link', { name: /sign in with google/i });
    expect(signIns.length).toBe(2); // the header's and the call to action's (the hero asks the class instead)
    for (const link of signIns) expect(link.getAttribute('href')).toBe('/api/login');
    expect(within(screen.getByRole('list', { name: 'Available subjects' })).getAllByRole('listitem')).toHaveLength(6);
    expect(within(screen.getByRole('list', { name: 'Subjects coming soon' })).getAllByRole('listitem')).toHaveLength(3);
    // Research figures are attributed, never presented as ours.
    expect(screen.getByText(/Research on spaced repetition reports retention up to 90% better than cramming/)).toBeTruthy();
    expect(screen.getByText(/not measurements of LearnPlatform/)).toBeTruthy();
  });

  it('the landing page says first what it is, asks the class, and its subject tiles open that subject (issue 31 §11)', () => {
    show('/', 'visitor');
    const page = document.getElementById('lp-shell-page') ?? document.body;
    // The hero comes first: its h1 before every other heading of the page.
    const headings = [...page.querySelectorAll('h1, h2')].map((h) => h.textContent);
    expect(headings[0]).toBe('Master Knowledge Through Smart Repetition');
    expect(screen.getByText(/^CBSE Class 10, 11 and 12/)).toBeTruthy();
    expect(screen.getByText(/Chapter-wise quizzes and spaced revision for CBSE Class 10 and 12/)).toBeTruthy();
    const classes = screen.getByRole('list', { name: 'Try a free sample quiz. Which class are you in?' });
    expect(within(classes).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Class 10', '/dashboard?class=CBSE%20Class%2010&remember=class'],
      ['Class 11', '/dashboard?class=CBSE%20Class%2011&remember=class'],
      ['Class 12', '/dashboard?class=CBSE%20Class%2012&remember=class'],
    ]);
    const physics = within(screen.getByRole('list', { name: 'Available subjects' })).getByRole('link', { name: /Physics/ });
    expect(physics.getAttribute('href')).toBe('/dashboard?class=CBSE%20Class%2012&remember=class&subjectName=Physics');
  });

  it('sign-in returns to the page the visitor is on; a hostile path signs in to / (issue 31 §12)', () => {
    expect(signInHrefFor({ pathname: '/dashboard', search: '?class=CBSE+Class+10' })).toBe(`/api/login?returnTo=${encodeURIComponent('/dashboard?class=CBSE+Class+10')}`);
    expect(signInHrefFor({ pathname: '/', search: '' })).toBe('/api/login');
    expect(signInHrefFor({ pathname: '//evil.example', search: '' })).toBe('/api/login');
    expect(signInHrefFor({ pathname: '/\\evil.example', search: '' })).toBe('/api/login');

    show('/privacy-policy', 'visitor');
    const link = within(mainNav()).getByRole('link', { name: /sign in with google/i });
    // jsdom cannot follow the link: stop it after the app's handler has run.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    try {
      fireEvent.click(link);
    } finally {
      document.removeEventListener('click', stop);
    }
    expect(link.getAttribute('href')).toBe('/api/login?returnTo=%2Fprivacy-policy');
  });

  it('a signed-in-only page sends the visitor to /', async () => {
    show('/payment-status', 'visitor');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(h1()).toBe('Master Knowledge Through Smart Repetition');
  });

  it('an unknown path shows the landing page where it is', () => {
    show('/some/unknown', 'visitor');
    expect(window.location.pathname).toBe('/some/unknown');
    expect(h1()).toBe('Master Knowledge Through Smart Repetition');
  });

  it('has no AI banner, and never asks for the disclaimer', () => {
    show('/', 'visitor');
    expect(screen.queryByRole('complementary', { name: 'AI accuracy notice' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('navigation by role', () => {
  const navLinks = () => within(mainNav()).getAllByRole('link').map((a) => a.textContent?.trim());

  it('visitor: Home, Dashboard and Sign in with Google; no Feedback, no Admin', () => {
    show('/privacy-policy', 'visitor');
    expect(navLinks()).toEqual(['↻LearnPlatform', 'Home', 'Dashboard', 'Sign in with Google']);
    expect(within(mainNav()).queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('learner: Home, Dashboard, Feedback and the account menu; no Admin menu', async () => {
    show('/privacy-policy', 'learner');
    // The menus load with the first signed-in render (a visitor never downloads them).
    expect(await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' })).toBeTruthy();
    expect(navLinks()).toEqual(['↻LearnPlatform', 'Home', 'Dashboard', 'Feedback']);
    expect(within(mainNav()).queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('owner: the Admin menu opens from the keyboard with the admin screens and the diagnostics pages', async () => {
    show('/privacy-policy', 'owner');
    const admin = await within(mainNav()).findByRole('button', { name: 'Admin' });
    admin.focus();
    fireEvent.keyDown(admin, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Content Upload', '/admin-upload'],
      ['Revision Settings', '/admin-revision-settings'],
      ['Feedback Inbox', '/admin-feedback'],
      ['Flagged Questions', '/admin-flags'],
      ['Payment Test', '/test-payment'],
      ['Versions', '/admin-versions'],
      ['Metrics', '/admin-metrics'],
    ]);
  });

  it('the account menu signs out through /api/logout (a real navigation)', async () => {
    show('/privacy-policy', 'learner');
    const trigger = await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const signOut = await screen.findByRole('menuitem', { name: 'Sign Out' });
    expect(signOut.tagName).toBe('A');
    expect(signOut.getAttribute('href')).toBe('/api/logout');
    // Following it also forgets the browser's admin flag.
    window.localStorage.setItem('lp-admin-access', '{}');
    signOut.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    fireEvent.click(signOut);
    expect(window.localStorage.getItem('lp-admin-access')).toBeNull();
  });

  it('the account menu leads to My plan and payments', async () => {
    show('/privacy-policy', 'learner');
    const trigger = await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const plan = await screen.findByRole('menuitem', { name: 'My plan and payments' });
    expect(plan.getAttribute('href')).toBe('/my-plan');
  });

  it('the account menu turns untimed mode on and off, saved on the account and shared with every remote (issue 33 §3)', async () => {
    show('/dashboard', 'learner');
    const trigger = await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const setting = await screen.findByRole('menuitemcheckbox', { name: 'Untimed mode: hide timers' });
    expect(setting.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(setting);
    await waitFor(() => expect(useSession.getState().user?.untimed).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/untimed', expect.objectContaining({ method: 'POST', body: JSON.stringify({ untimed: true }) }));
    expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({ title: 'Untimed mode is on' }));
    const again = await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect((await screen.findByRole('menuitemcheckbox', { name: 'Untimed mode: hide timers' })).getAttribute('aria-checked')).toBe('true');
  });

  it('a reply to the learner\'s feedback: a toast on the page load, a count on the account menu until /feedback, marked seen (issue 31 §17)', async () => {
    const replyId = '0b9f2d3c-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
    notices = [{ replyId, ticketNumber: 'LP-2026-000007', subject: 'Quiz freezes', message: "Thanks! Fixed in today's release.", at: '2026-11-27T10:00:00.000Z' }];
    show('/dashboard', 'learner');
    const trigger = await within(mainNav()).findByRole('button', { name: /^Account menu for Asha Learner\W+1 new feedback reply$/ });
    await waitFor(() => expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({
      title: 'Reply to your feedback', description: "LP-2026-000007 · Quiz freezes: Thanks! Fixed in today's release.",
    })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/feedback/notices/seen', expect.objectContaining({ method: 'POST', body: JSON.stringify({ replyIds: [replyId] }) })));
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const item = await screen.findByRole('menuitem', { name: '1 new feedback reply' });
    expect(item.getAttribute('href')).toBe('/feedback');
    act(() => navigate('/feedback'));
    await waitFor(() => expect(document.querySelector('.lp-user-menu__trigger .lp-badge')).toBeNull());
  });

  it('a reply sent while a page is open: the push stream says so, and the toast and count come at once (issue 31 §17)', async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      show('/dashboard', 'learner');
      await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/feedback/notices', expect.anything()));
      await waitFor(() => expect(FakeEventSource.all).toHaveLength(1)); // the chrome holds the tab's stream
      expect(useToasts.getState().toasts).toEqual([]);

      const replyId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
      notices = [{ replyId, ticketNumber: 'LP-2026-000008', subject: 'Timer', message: 'The timer now pauses.', at: '2026-11-28T01:00:00.000Z' }];
      act(() => FakeEventSource.last.emit('reply', { type: 'reply', ticketNumber: 'LP-2026-000008' }));
      await within(mainNav()).findByRole('button', { name: /^Account menu for Asha Learner\W+1 new feedback reply$/ });
      await waitFor(() => expect(useToasts.getState().toasts).toEqual([
        expect.objectContaining({ title: 'Reply to your feedback', description: 'LP-2026-000008 · Timer: The timer now pauses.' }),
      ]));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/feedback/notices/seen', expect.objectContaining({ body: JSON.stringify({ replyIds: [replyId] }) })));

      // The same reply announced again (the server has not yet recorded it seen) is not shown twice.
      const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/feedback/notices').length;
      act(() => FakeEventSource.last.emit('reply', { type: 'reply', ticketNumber: 'LP-2026-000008' }));
      await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/feedback/notices')).toHaveLength(asked + 1));
      expect(useToasts.getState().toasts).toHaveLength(1);
      expect(within(mainNav()).getByRole('button', { name: /1 new feedback reply$/ })).toBeTruthy();
    } finally {
      resetPushForTests();
      vi.stubGlobal('EventSource', undefined);
    }
  });

  it('no reply, no count and no toast', async () => {
    show('/dashboard', 'learner');
    await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/feedback/notices', expect.anything()));
    expect(document.querySelector('.lp-user-menu__trigger .lp-badge')).toBeNull();
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('marks the current page', () => {
    show('/dashboard', 'learner');
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('signed in', () => {
  it('/ is the marketing home, with the AI banner and the footer', async () => {
    show('/', 'learner');
    await screen.findByRole('heading', { level: 1, name: 'Learn it once. Remember it for the exam.' });
    expect(h1()).toBe('Learn it once. Remember it for the exam.');
    for (const name of ['Start Learning Free', 'Take Your First Free Quiz']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/dashboard');
    }
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '7-day streak' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Features' })).getAllByRole('listitem')).toHaveLength(6);
    // Claimed features whose existence is not shown are not offered.
    expect(document.body.textContent).not.toMatch(/offline|cloud backup|custom tags|import from textbooks/i);
    expect(screen.getByRole('complementary', { name: 'AI accuracy notice' }).textContent).toMatch(
      /AI-generated for educational purposes and may be inaccurate/,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(TAGLINE);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} LearnPlatform`);
    expect(within(footer).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/privacy-policy',
      '/terms-of-service',
      '/refund-policy',
      '/disclaimer',
    ]);
  });

  it('an unknown path is the 404 page with a developer-style hint', () => {
    show('/some/unknown', 'learner');
    expect(h1()).toBe('404 Page Not Found');
    expect(screen.getByText('GET /some/unknown → no route matched')).toBeTruthy();
  });

  it('a visitor-only page is not in the signed-in set', () => {
    show('/test-quiz', 'learner');
    expect(h1()).toBe('404 Page Not Found');
  });
});

describe('the disclaimer modal', () => {
  it('covers a protected page until accepted, and cannot be dismissed any other way', async () => {
    disclaimerAccepted = false;
    show('/', 'learner');
    const dialog = await screen.findByRole('dialog', { name: /disclaimer/i });
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept']);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    expect(screen.getByRole('dialog', { name: /disclaimer/i })).toBeTruthy();
    // Focus is inside the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/disclaimer/accept', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it('stays open with a destructive toast when accepting fails', async () => {
    disclaimerAccepted = false;
    acceptFails = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    show('/dashboard', 'learner');
    const dialog = await screen.findByRole('dialog', { name: /disclaimer/i });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(useToasts.getState().toasts[0]).toMatchObject({ variant: 'destructive', open: true }));
    expect(screen.getByRole('dialog', { name: /disclaimer/i })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', false);
  });

  it('does not show once accepted, nor on the policy pages', async () => {
    show('/', 'learner');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/disclaimer/status', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();

    cleanup();
    disclaimerAccepted = false;
    getQueryClient().clear();
    show('/refund-policy', 'learner');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => navigate('/'));
    expect(await screen.findByRole('dialog', { name: /disclaimer/i })).toBeTruthy();
  });
});

describe('policy pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy', ['Data we collect', 'How we use your data', 'Sharing', 'Security', 'Your rights', 'Governing law']],
    ['/terms-of-service', 'Terms of Service', ['The service', 'Accounts', 'AI-generated content', 'Subscription', 'Conduct', 'Liability', 'Governing law']],
    ['/refund-policy', 'Refund Policy', ['7-day money-back guarantee', 'What is not refunded', 'How refunds are paid', 'Response time', 'How to cancel or ask for a refund', 'Governing law']],
    ['/disclaimer', 'Disclaimer', ['Accuracy', 'Educational use', 'Liability', 'Governing law']],
  ])('%s: "%s" with its sections, title, description and Back to Home top and bottom', (path, title, sections) => {
    show(path, 'visitor');
    expect(h1()).toBe(title);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
    expect(screen.getAllByRole('link', { name: 'Back to Home' })).toHaveLength(2);
    expect(document.title).toBe(`${title} · LearnPlatform`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe('default description');
    const today = new Date().toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(screen.getByText(`Last updated: ${today}`)).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.body.textContent).toContain('Thiruvananthapuram, Kerala');
  });

  it('the refund policy states the limits of spec §1 and §9', () => {
    show('/refund-policy', 'visitor');
    const text = document.body.textContent ?? '';
    for (const phrase of ['7 days', 'first-time subscriptions only', 'renewals', 'late requests', 'free trial', 'original payment method', '3-5 business days', '5-7 business days', '5-10 business days', 'within 24 hours', 'cancel-subscription option', 'reason']) {
      expect(text).toContain(phrase);
    }
  });
});

describe('the language (issue 33 §1)', () => {
  it('a visitor switches the landing page to Hindi from the header, and back, without a reload', async () => {
    show('/', 'visitor');
    fireEvent.click(within(mainNav()).getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(h1()).toBe('समझदारी से दोहराकर ज्ञान में महारत पाएँ'));
    expect(document.documentElement.lang).toBe('hi');
    // The tab's title too (what a tab strip and a screen reader's window list show).
    expect(document.title).toBe('LearnPlatform · अंतराल पर दोहराव से सीखने का प्लेटफ़ॉर्म');
    expect(within(screen.getByRole('navigation', { name: 'मुख्य' })).getByRole('link', { name: /Google से साइन इन करें/ })).toBeTruthy();
    expect(window.localStorage.getItem('lp-language')).toBe('hi');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(h1()).toBe('Master Knowledge Through Smart Repetition'));
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe(`LearnPlatform · ${TAGLINE}`);
    expect(savedLanguages).toEqual([]);
  });

  it('a signed-in user picks हिन्दी in the account menu: the page switches and their profile keeps it', async () => {
    show('/privacy-policy', 'learner');
    expect(within(mainNav()).queryByRole('button', { name: 'हिन्दी' })).toBeNull();
    fireEvent.keyDown(await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' }), { key: 'Enter' });
    expect((await screen.findByRole('menuitemradio', { name: 'English' })).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    await waitFor(() => expect(screen.getByText('डैशबोर्ड').closest('a')?.getAttribute('href')).toBe('/dashboard'));
    await waitFor(() => expect(savedLanguages).toEqual([{ language: 'hi' }]));
    expect(useSession.getState().user?.language).toBe('hi');
  });

  it('a learner in Hindi: the disclaimer modal, the untimed-mode toasts and a policy page read in Hindi', async () => {
    await setLanguage('hi');
    disclaimerAccepted = false;
    show('/dashboard', 'learner');
    const dialog = await screen.findByRole('dialog', { name: 'ज़रूरी अस्वीकरण' });
    expect(within(dialog).getByText('केवल शिक्षा के लिए।')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'स्वीकार करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(await within(screen.getByRole('navigation', { name: 'मुख्य' })).findByRole('button', { name: /^खाता मेनू: Asha Learner/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'बिना समय-सीमा: टाइमर छिपाएँ' }));
    await waitFor(() => expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({
      title: 'बिना समय-सीमा मोड चालू है', description: 'टाइमर छिपे हैं, और चुनौती में बराबरी होने पर आपका समय कभी नहीं गिना जाता।',
    })));
    // The toast's close button, the toast region and the static skip link are named in Hindi too.
    const toast = (await screen.findByText('बिना समय-सीमा मोड चालू है')).closest('li')!;
    expect(within(toast).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'सूचनाएँ (F8)' }).contains(toast)).toBe(true);
    expect(document.querySelector('.lp-skip-link')!.textContent).toBe('मुख्य सामग्री पर जाएँ');

    act(() => navigate('/refund-policy'));
    await waitFor(() => expect(h1()).toBe('रिफ़ंड नीति'));
    expect(await screen.findAllByRole('link', { name: 'होम पर वापस' })).toHaveLength(2);
    expect(screen.getByText('यह नीति अंग्रेज़ी में है; नीचे दिया गया अंग्रेज़ी पाठ ही मान्य (बाध्यकारी) है।')).toBeTruthy();
    expect(screen.getByText(/^अंतिम अपडेट: /)).toBeTruthy();
    expect(document.title).toBe('रिफ़ंड नीति · LearnPlatform');
    // The binding English text stays, marked as English for screen readers.
    expect(screen.getByRole('heading', { level: 2, name: '7-day money-back guarantee' }).closest('[lang]')?.getAttribute('lang')).toBe('en');
  });

  it("a learner in Hindi whose untimed-mode choice cannot be saved reads the service's refusal in Hindi (by its code)", async () => {
    await setLanguage('hi');
    untimedSaveFails = true;
    show('/privacy-policy', 'learner');
    fireEvent.keyDown(await within(screen.getByRole('navigation', { name: 'मुख्य' })).findByRole('button', { name: /^खाता मेनू: Asha Learner/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'बिना समय-सीमा: टाइमर छिपाएँ' }));
    await waitFor(() => expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({
      variant: 'destructive', description: 'सेवा अभी व्यस्त है। आपका अनुरोध नहीं लिया गया; कृपया थोड़ी देर में फिर कोशिश करें।',
    })));
  });

  it('the 404 page reads in Hindi, its developer hint\'s path as it is', async () => {
    await setLanguage('hi');
    show('/some/unknown', 'learner');
    await waitFor(() => expect(h1()).toBe('404 पेज नहीं मिला'));
    expect(screen.getByText('GET /some/unknown → no route matched')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पर वापस' }).getAttribute('href')).toBe('/');
  });

  it('says so when the profile cannot keep the choice, and the page keeps it', async () => {
    languageSaveFails = true;
    show('/privacy-policy', 'learner');
    fireEvent.keyDown(await within(mainNav()).findByRole('button', { name: 'Account menu for Asha Learner' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'हिन्दी' }));
    await waitFor(() => expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({
      variant: 'destructive', description: 'आपकी भाषा सहेजी नहीं जा सकी। यह केवल इस डिवाइस पर लागू है।',
    })));
    expect(useI18n.getState().language).toBe('hi');
  });
});
