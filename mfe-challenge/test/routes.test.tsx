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

describe('challenge route switch', () => {
  it.each([
    ['/challenge/ch1', 'Challenge'],
    ['/c/some-token', 'You have been challenged'],
  ])('%s shows "%s"', async (path, heading) => {
    expect(await headingAt(path)).toBe(heading);
  });

  it('shows the not-found page for a path it does not own', async () => {
    expect(await headingAt('/c/')).toBe('404 Page Not Found');
  });
});
