import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../src/App.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const headingAt = (path: string, props: { standalone?: boolean } = {}) => {
  window.history.replaceState(null, '', path);
  render(<App {...props} />);
  return screen.getByRole('heading', { level: 1 }).textContent;
};

describe('learn route switch', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/topic/t1', 'Topic'],
    ['/quiz/review', 'Quiz'],
    ['/quiz/chapter/c1', 'Quiz'],
    ['/test-quiz', 'Test Quiz'],
    ['/simple-quiz', 'Simple Quiz'],
    ['/download-biology', 'Biology Chapter Downloads'],
  ])('%s shows "%s"', (path, heading) => {
    expect(headingAt(path)).toBe(heading);
  });

  it('shows the not-found page for a path it does not own', () => {
    expect(headingAt('/topic')).toBe('404 Page Not Found');
  });

  it('lists its routes when opened standalone elsewhere', () => {
    expect(headingAt('/remotes/learn/index.html', { standalone: true })).toBe('Learn (standalone)');
    expect(screen.getByRole('link', { name: '/dashboard' })).toBeTruthy();
  });
});
