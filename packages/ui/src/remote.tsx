/**
 * One way to build a remote (`@lp/ui/remote`). A remote states its routes (pages loaded lazily,
 * one chunk per page) and its name; this module gives it the root component, the single-spa lifecycles the
 * shell mounts (with an error boundary that keeps a render error inside the remote) and the standalone page
 * used by `npm run dev -w <remote>` and `dist/index.html`.
 *
 *   // src/remote.ts
 *   export const remote = defineRemote({ name: 'Learn', routes, examplePaths });
 *   // src/lifecycles.ts (exposed as `<name>/app`)
 *   export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
 *   // src/bootstrap.ts (behind the `import('./bootstrap')` async boundary of src/index.ts)
 *   startStandalone(remote);   // from '@lp/ui/standalone'
 *
 * Not part of the shared `@lp/ui` singleton (a subpath): the shell does not need it, and each remote bundles
 * this small file while React, the query client and the UI kit stay shared. It lives in the UI kit, which builds
 * on `@lp/web-platform`, so the arrow between the two packages points one way (ui → web-platform). A remote whose pages query passes
 * `provider: QueryProvider` (`@lp/web-platform/query`); one that does not never loads the query library.
 */
import * as React from 'react';
import { lazy, startTransition, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
// The shared UI kit by name, never the relative files: this subpath is bundled by each remote, the kit is shared.
import { ErrorState, NotFound, Spinner, StandaloneIndex } from '@lp/ui';
// The shared singleton, never the relative files: a second copy would mean a second query client and router.
import { dropPrerendered, hasPrerenderedPage, matchRoute, RouteSwitch, type PathParams, type RouteDef, type RoutePage } from '@lp/web-platform';
import { nextTask } from '@lp/web-platform/next-task';
import { useI18n, type Language } from '@lp/web-platform/i18n';

/** The few words every remote's frame says, in both languages (a catalogue per remote would repeat them four times). */
const FRAME_TEXTS: Record<Language, { loading: string; stopped: string; failed: (detail: string) => string; retry: string }> = {
  en: {
    loading: 'Loading...',
    stopped: 'This page stopped working',
    failed: (detail) => `Something went wrong while showing this page (${detail}). Please try again.`,
    retry: 'Retry',
  },
  hi: {
    loading: 'लोड हो रहा है...',
    stopped: 'इस पेज ने काम करना बंद कर दिया',
    failed: (detail) => `इस पेज को दिखाते समय कुछ गड़बड़ हो गई (${detail})। कृपया फिर से कोशिश करें।`,
    retry: 'फिर से कोशिश करें',
  },
};
const useFrameTexts = () => FRAME_TEXTS[useI18n((s) => s.language)];

export interface RemoteDefinition {
  /** Shown on the standalone page, e.g. `Learn`. */
  name: string;
  /** The remote's routes, first match wins. Use `lazyPage` so each page is its own chunk. */
  routes: readonly RouteDef<RoutePage>[];
  /** Example URLs for the standalone page's route index. */
  examplePaths: readonly string[];
  /**
   * Wraps the remote's pages, e.g. `QueryProvider` from `@lp/web-platform/query` for a remote whose pages query.
   * A remote without one (challenge: a guest's first paint) does not download the query library.
   */
  provider?: ComponentType<{ children: ReactNode }>;
}

export function defineRemote(definition: RemoteDefinition): RemoteDefinition {
  return definition;
}

/**
 * A page loaded on first use: `lazyPage(() => import('./pages/TopicPage.tsx'), 'TopicPage')`. The remote's
 * entry then carries only its route table; a visitor downloads the page they open, not every page.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, exportName: K): RoutePage {
  // One request whoever asks first, the mount's preload or the render; a failed one is asked again next time.
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(async () => ({ default: (await preload())[exportName] as ComponentType<{ params: PathParams }> }));
  return Object.assign(Page, { preload }) as RoutePage;
}

/** Asks for the chunk of the page this path shows (a `lazyPage` route), without rendering it. */
export function preloadPage(remote: RemoteDefinition, pathname: string) {
  const page = matchRoute(remote.routes, pathname)?.route.component as { preload?: () => Promise<unknown> } | undefined;
  void page?.preload?.().catch(() => undefined); // the render asks again and shows the error
}

/** While a page's chunk loads: the spinner, in a box as tall as a page so the footer does not jump. */
export function PageLoading() {
  const texts = useFrameTexts();
  return (
    <div className="lp-page-loading">
      <Spinner label={texts.loading} />
    </div>
  );
}

/**
 * Commits together with the page (they share one Suspense boundary): the page's first render replaces the
 * prerendered HTML in the same frame (src/prerender.ts).
 */
function PrerenderHandoff() {
  useLayoutEffect(() => dropPrerendered(), []);
  return null;
}

/** A remote's root: its provider (the shared query client, if it queries) and its route switch. */
export function RemoteRoot({ remote, standalone = false }: { remote: RemoteDefinition; standalone?: boolean }) {
  const fallback: ReactNode = standalone ? <StandaloneIndex name={remote.name} paths={remote.examplePaths} /> : <NotFound />;
  // While the page's chunk loads, prerendered HTML of it (if any) stays on screen instead of a spinner.
  const pages = (
    <Suspense fallback={hasPrerenderedPage() ? null : <PageLoading />}>
      <RouteSwitch routes={remote.routes} fallback={fallback} />
      <PrerenderHandoff />
    </Suspense>
  );
  const Provider = remote.provider;
  return Provider ? <Provider>{pages}</Provider> : pages;
}

/** What a render error inside a remote shows: the message and a Retry; the shell's chrome keeps working. */
export function RemoteError({ error }: { error: Error }) {
  const texts = useFrameTexts();
  return (
    <ErrorState
      title={texts.stopped}
      message={texts.failed(error.message)}
      retryLabel={texts.retry}
      onRetry={() => window.location.reload()}
    />
  );
}

/** The single-spa lifecycles the shell mounts for the remote's routes (exposed as `<name>/app`). */
export function remoteLifecycles(remote: RemoteDefinition) {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => <RemoteRoot remote={remote} />,
    errorBoundary: (error) => <RemoteError error={error} />,
  });
  type Mount = typeof lifecycles.mount;
  // The remote's first render as a transition: React renders it in slices of a few milliseconds, yielding to the
  // browser between them, where an ordinary first render is one long task (a phone's main thread blocked for
  // hundreds of milliseconds on the dashboard; issue 16, TBT).
  // Before that render, in a task of its own, the page's chunk is asked for: otherwise the first slice that reaches the
  // route starts the download (script and style tags, the shared modules' resolution: ~60 ms at a phone's speed).
  const mount: Mount = async (props) => {
    preloadPage(remote, window.location.pathname);
    await nextTask();
    let mounted!: ReturnType<Mount>;
    startTransition(() => {
      mounted = lifecycles.mount(props);
    });
    return mounted;
  };
  return { bootstrap: lifecycles.bootstrap, mount, unmount: lifecycles.unmount };
}
