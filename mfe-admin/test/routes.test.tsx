import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../src/App.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

// Pages load lazily (one chunk each): wait for the page's heading.
const headingAt = async (path: string) => {
  window.history.replaceState(null, '', path);
  render(<App />);
  return (await screen.findByRole('heading', { level: 1 })).textContent;
};

describe('admin route switch', () => {
  // The guarded pages are covered with a session in admin.test.tsx.
  it.each([
    ['/admin-login', 'Admin Login'],
  ])('%s shows "%s"', async (path, heading) => {
    expect(await headingAt(path)).toBe(heading);
  });
});
