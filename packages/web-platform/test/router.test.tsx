import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, matchPath, matchRoute, navigate, usePathname } from '../src/router.ts';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('matchPath', () => {
  it('matches literal segments and decodes params', () => {
    expect(matchPath('/dashboard', '/dashboard')).toEqual({});
    expect(matchPath('/dashboard', '/dashboard/')).toEqual({});
    expect(matchPath('/topic/:id', '/topic/t%201')).toEqual({ id: 't 1' });
    expect(matchPath('/quiz/chapter/:id', '/quiz/chapter/42?type=full')).toEqual({ id: '42' });
  });

  it('rejects other paths', () => {
    expect(matchPath('/topic/:id', '/topic')).toBeNull();
    expect(matchPath('/topic/:id', '/topic/1/extra')).toBeNull();
    expect(matchPath('/admin-upload', '/admin-upload-old')).toBeNull();
    expect(matchPath('/quiz/:id', '/quiz/chapter/1')).toBeNull();
  });

  it('supports a trailing wildcard', () => {
    expect(matchPath('/remotes/*', '/remotes/learn/x')).toEqual({});
    expect(matchPath('/remotes/*', '/other')).toBeNull();
  });

  it('matchRoute takes the first match in order', () => {
    const routes = [
      { path: '/quiz/chapter/:id', component: 'chapter' },
      { path: '/quiz/:id', component: 'quiz' },
    ];
    expect(matchRoute(routes, '/quiz/chapter/7')).toMatchObject({ route: { component: 'chapter' }, params: { id: '7' } });
    expect(matchRoute(routes, '/quiz/review')).toMatchObject({ route: { component: 'quiz' }, params: { id: 'review' } });
    expect(matchRoute(routes, '/nope')).toBeNull();
  });
});

function Where() {
  return <p data-testid="path">{usePathname()}</p>;
}

describe('navigation', () => {
  it('navigate pushes history and re-renders listeners', () => {
    render(<Where />);
    act(() => navigate('/dashboard?class=10'));
    expect(window.location.pathname).toBe('/dashboard');
    expect(window.location.search).toBe('?class=10');
    expect(screen.getByTestId('path').textContent).toBe('/dashboard');
  });

  it('Link navigates on a plain click', () => {
    render(
      <>
        <Link to="/subscribe">Upgrade</Link>
        <Where />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(screen.getByTestId('path').textContent).toBe('/subscribe');
  });

  it('Link leaves modifier clicks to the browser', () => {
    render(<Link to="/subscribe">Upgrade</Link>);
    const link = screen.getByRole('link', { name: 'Upgrade' });
    expect(link.getAttribute('href')).toBe('/subscribe');
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...modifier });
      link.dispatchEvent(event);
      expect(window.location.pathname).toBe('/');
    }
  });
});
