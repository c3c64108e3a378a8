import { createElement, Fragment, useSyncExternalStore, type AnchorHTMLAttributes, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/**
 * A tiny router shared by the shell and every remote. The URL is the only state: single-spa
 * decides which remote is mounted, and each remote switches on the path itself.
 */

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

const getPathname = () => window.location.pathname;
const getSearch = () => window.location.search;

/** The path a page is rendered for outside a browser (the build's prerendering, `build/prerender.ts`). */
let serverPathname = '/';
export function setServerPathname(pathname: string): void {
  serverPathname = pathname;
}
const getServerPathname = () => serverPathname;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, getPathname, getServerPathname);
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, getSearch, () => '');
  return new URLSearchParams(search);
}

/**
 * Goes to `to` the way single-spa's `navigateToUrl` does: push a history entry, then fire
 * `popstate` so single-spa reroutes (mounting another remote if needed) and routers re-render.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

export type PathParams = Record<string, string>;

/**
 * Matches `pattern` (e.g. `/quiz/chapter/:id`) against a path. Returns the decoded params, or
 * null. A pattern ending in `/*` also matches anything below it. Trailing slashes are ignored.
 */
export function matchPath(pattern: string, path: string): PathParams | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(path.split(/[?#]/)[0] ?? '');
  const wildcard = want[want.length - 1] === '*';
  if (wildcard) want.pop();
  if (wildcard ? got.length < want.length : got.length !== want.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** A route table entry: the first matching pattern wins. */
export interface RouteDef<C> {
  path: string;
  component: C;
}

export function matchRoute<C>(routes: readonly RouteDef<C>[], path: string): { route: RouteDef<C>; params: PathParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; replace?: boolean };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * An `<a href>` that navigates in-page on a plain left click. Modifier clicks (new tab, new
 * window, download), other targets and other origins keep the browser's behaviour.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  return createElement('a', {
    ...rest,
    href: to,
    target,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      onClick?.(event);
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      if (target && target !== '_self') return;
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(to, { replace });
    },
  });
}

export type RoutePage = ComponentType<{ params: PathParams }>;

/** Renders the first route matching the current path, or `fallback`. */
export function RouteSwitch({ routes, fallback = null }: { routes: readonly RouteDef<RoutePage>[]; fallback?: ReactNode }) {
  const match = matchRoute(routes, usePathname());
  if (!match) return createElement(Fragment, null, fallback);
  return createElement(match.route.component, { params: match.params });
}
