import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { getQueryClient } from '@lp/web-platform/query';
import { App } from '../src/App.tsx';
import { mockApi, signOut } from './support.tsx';

beforeEach(() => {
  // No server here: every call answers 404 (a page's not-found state is still a page).
  mockApi({});
  signOut();
});

afterEach(() => {
  cleanup();
  getQueryClient().clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const headingAt = async (path: string, props: { standalone?: boolean } = {}, name?: string) => {
  window.history.replaceState(null, '', path);
  render(<App {...props} />);
  // Lazy pages: their chunk may take more than the default second to load on a busy machine.
  return (await screen.findByRole('heading', { level: 1, ...(name ? { name } : {}) }, { timeout: 10_000 })).textContent;
};

describe('learn route switch', { timeout: 20_000 }, () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/topic/t1', 'Topic Not Found'],
    ['/quiz/review', 'Quiz'],
    ['/quiz/chapter/c1', 'Quiz'],
    ['/test-quiz', 'Test Quiz'],
    ['/simple-quiz', 'Simple Quiz'],
    ['/download-biology', 'Biology Chapter Downloads'],
  ])('%s shows "%s"', async (path, heading) => {
    expect(await headingAt(path, {}, heading)).toBe(heading);
  });

  it('shows the not-found page for a path it does not own', async () => {
    expect(await headingAt('/topic')).toBe('404 Page Not Found');
  });

  it('lists its routes when opened standalone elsewhere', async () => {
    expect(await headingAt('/remotes/learn/index.html', { standalone: true })).toBe('Learn (standalone)');
    expect(screen.getByRole('link', { name: '/dashboard' })).toBeTruthy();
  });
});
