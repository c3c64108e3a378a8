import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../src/App.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const headingAt = (path: string) => {
  window.history.replaceState(null, '', path);
  render(<App />);
  return screen.getByRole('heading', { level: 1 }).textContent;
};

describe('admin route switch', () => {
  it.each([
    ['/admin-login', 'Admin Login'],
    ['/admin-upload', 'Content Upload'],
    ['/admin-upload-old', 'Bulk JSON Upload'],
    ['/admin-revision-settings', 'Revision Settings'],
    ['/admin-feedback', 'Feedback Inbox'],
  ])('%s shows "%s"', (path, heading) => {
    expect(headingAt(path)).toBe(heading);
  });
});
