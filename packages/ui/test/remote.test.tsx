import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useI18n } from '@lp/web-platform/i18n';
import { defineRemote, lazyPage, PageLoading, remoteLifecycles, RemoteRoot } from '../src/remote.tsx';
import { startStandalone } from '../src/standalone.tsx';
import type { PathParams } from '@lp/web-platform';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

const TopicPage = ({ params }: { params: PathParams }) => <h1>Topic {params.id}</h1>;
function Broken(): never {
  throw new Error('boom');
}

/** A remote whose pages load lazily; `loads` counts how often each page module was fetched. */
function sampleRemote() {
  const loads = { topic: 0, broken: 0 };
  const remote = defineRemote({
    name: 'Sample',
    routes: [
      { path: '/topic/:id', component: lazyPage(async () => (loads.topic++, { TopicPage }), 'TopicPage') },
      { path: '/broken', component: lazyPage(async () => (loads.broken++, { Broken }), 'Broken') },
    ],
    examplePaths: ['/topic/demo', '/broken'],
  });
  return { remote, loads };
}

// The lifecycles render with their own React root, as in the browser (not through testing-library's act).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const singleSpaProps = (el: HTMLElement) => ({ name: 'sample', domElementGetter: () => el, singleSpa: {}, mountParcel: vi.fn() });

describe('a remote built with @lp/ui/remote', () => {
  it('keeps a prerendered page on screen while the page loads (no spinner), and drops it in the commit that shows the page', async () => {
    const { remote } = sampleRemote();
    window.history.replaceState(null, '', '/topic/t2');
    const prerendered = document.createElement('div');
    prerendered.id = 'lp-prerendered';
    prerendered.innerHTML = '<h1>Topic (prerendered)</h1>';
    document.body.appendChild(prerendered);
    let both = false;
    const watch = new MutationObserver(() => {
      if (document.getElementById('lp-prerendered') && document.body.textContent?.includes('Topic t2')) both = true;
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    render(<RemoteRoot remote={remote} />);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.getElementById('lp-prerendered')).not.toBeNull();
    await screen.findByText('Topic t2');
    watch.disconnect();
    expect(document.getElementById('lp-prerendered')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(both).toBe(false);
  });

  it('loads a page only when its route is opened, then shows it with its params', async () => {
    const { remote, loads } = sampleRemote();
    window.history.replaceState(null, '', '/topic/t1');
    render(<RemoteRoot remote={remote} />);
    expect(loads).toEqual({ topic: 1, broken: 0 });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Topic t1');
  });

  it('shows the not-found page for a path it does not own, and its route index when standalone', async () => {
    const { remote, loads } = sampleRemote();
    window.history.replaceState(null, '', '/nowhere');
    const { unmount } = render(<RemoteRoot remote={remote} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    unmount();
    render(<RemoteRoot remote={remote} standalone />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sample (standalone)');
    expect(screen.getByRole('link', { name: '/topic/demo' }).getAttribute('href')).toBe('/topic/demo');
    expect(loads).toEqual({ topic: 0, broken: 0 });
  });

  it('gives the shell single-spa lifecycles that mount into its slot and unmount cleanly', async () => {
    const { remote } = sampleRemote();
    const lifecycles = remoteLifecycles(remote);
    expect(Object.keys(lifecycles).sort()).toEqual(['bootstrap', 'mount', 'unmount']);
    const slot = document.body.appendChild(document.createElement('div'));
    window.history.replaceState(null, '', '/topic/t9');
    const props = singleSpaProps(slot);
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    await waitFor(() => expect(slot.querySelector('h1')?.textContent).toBe('Topic t9'));
    await lifecycles.unmount(props);
    expect(slot.querySelector('h1')).toBeNull();
  });

  it("asks for the opened page's chunk when mounted, a task before its first render, and only once", async () => {
    const { remote, loads } = sampleRemote();
    const lifecycles = remoteLifecycles(remote);
    const slot = document.body.appendChild(document.createElement('div'));
    window.history.replaceState(null, '', '/topic/t4');
    const props = singleSpaProps(slot);
    await lifecycles.bootstrap(props);
    const mounted = lifecycles.mount(props);
    // Asked for at once, while nothing of the remote has rendered yet (the render comes a task later).
    expect(loads).toEqual({ topic: 1, broken: 0 });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(slot.innerHTML).toBe('');
    await mounted;
    await waitFor(() => expect(slot.querySelector('h1')?.textContent).toBe('Topic t4'));
    expect(loads).toEqual({ topic: 1, broken: 0 });
    await lifecycles.unmount(props);
  });

  it('asks again for a page whose chunk failed to arrive', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed');
      return { TopicPage };
    }, 'TopicPage') as unknown as { preload: () => Promise<unknown> };
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await expect(Page.preload()).resolves.toEqual({ TopicPage });
    expect(attempts).toBe(2);
  });

  /** Mounts the sample remote on its page that throws while rendering; returns the slot and how to unmount. */
  async function mountBrokenPage() {
    const lifecycles = remoteLifecycles(sampleRemote().remote);
    const slot = document.body.appendChild(document.createElement('div'));
    window.history.replaceState(null, '', '/broken');
    const props = singleSpaProps(slot);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    return { slot, unmount: async () => { quiet.mockRestore(); await lifecycles.unmount(props); } };
  }

  it('keeps a render error inside the remote: a message with Retry, not a blank page', async () => {
    const { slot, unmount } = await mountBrokenPage();
    await waitFor(() => expect(slot.querySelector('[role="alert"]')?.textContent).toContain('This page stopped working'));
    expect(slot.textContent).toContain('Something went wrong while showing this page (boom). Please try again.');
    expect(slot.querySelector('button')?.textContent).toBe('Retry');
    await unmount();
  });

  it('says its loading and its render error in Hindi to a Hindi reader', async () => {
    useI18n.setState({ language: 'hi' });
    try {
      const { slot, unmount } = await mountBrokenPage();
      await waitFor(() => expect(slot.querySelector('[role="alert"]')?.textContent).toContain('इस पेज ने काम करना बंद कर दिया'));
      expect(slot.textContent).toContain('इस पेज को दिखाते समय कुछ गड़बड़ हो गई (boom)। कृपया फिर से कोशिश करें।');
      expect(slot.querySelector('button')?.textContent).toBe('फिर से कोशिश करें');
      await unmount();
      render(<PageLoading />);
      expect(screen.getByRole('status').textContent).toContain('लोड हो रहा है...');
    } finally {
      useI18n.setState({ language: 'en' });
    }
  });

  it('starts standalone in #root with the toaster', async () => {
    const { remote } = sampleRemote();
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    window.history.replaceState(null, '', '/topic/solo');
    startStandalone(remote);
    await waitFor(() => expect(root.querySelector('main h1')?.textContent).toBe('Topic solo'));
  });
});
