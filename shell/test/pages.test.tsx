import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { navigate } from '@lp/web-platform';
import { ShellPages } from '../src/pages/ShellPages.tsx';
import { Nav } from '../src/chrome/Nav.tsx';

window.scrollTo = vi.fn() as never;

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const at = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<ShellPages />);
};
const h1 = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;

describe('shell pages', () => {
  it('/ is the landing frame', () => {
    at('/');
    expect(h1()).toBe('Master Knowledge Through Smart Repetition');
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/refund-policy', 'Refund Policy'],
    ['/disclaimer', 'Disclaimer'],
  ])('%s is the "%s" frame with Back to Home links', (path, title) => {
    at(path);
    expect(h1()).toBe(title);
    expect(screen.getAllByRole('link', { name: 'Back to Home' })).toHaveLength(2);
  });

  it('an unknown path is the 404 page', () => {
    at('/no-such-page');
    expect(h1()).toBe('404 Page Not Found');
  });

  it('renders nothing where a remote owns the path, and follows navigation', () => {
    const { container } = at('/c/some-token');
    expect(container.innerHTML).toBe('');
    act(() => navigate('/refund-policy'));
    expect(h1()).toBe('Refund Policy');
  });
});

describe('nav', () => {
  it('links Home and Dashboard and marks the current page', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(<Nav />);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
