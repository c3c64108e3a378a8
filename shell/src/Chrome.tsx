import { lazy, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { Spinner, Toaster } from '@lp/ui';
import { dropPrerendered, navigate, usePathname, useUser } from '@lp/web-platform';
import { Footer } from './chrome/Footer.tsx';
import { SiteHeader } from './chrome/SiteHeader.tsx';
import { ShellPages } from './pages/ShellPages.tsx';
import { AfterChromePaint, markChromePainted } from './platform/chrome-painted.tsx';
import { decideRoute } from './platform/route-sets.ts';
import { useT } from './i18n/index.ts';

// Signed in only, with the query library it reads the status through: a visitor's first paint loads neither.
const DisclaimerGate = lazy(() => import('./chrome/DisclaimerGate.tsx').then((m) => ({ default: m.SignedInDisclaimerGate })));

/** While the gate's chunk loads: `<html data-lp-disclaimer="checking">`, so nobody takes the page as settled. */
function DisclaimerChecking() {
  useEffect(() => {
    document.documentElement.dataset.lpDisclaimer = 'checking';
  }, []);
  return null;
}

/**
 * The shell's React tree. It decides from the path and the auth state (spec §2, §4) what shows:
 * - while the user is being checked: only the full-screen "Loading..." spinner;
 * - a signed-in-only page while signed out: a redirect to `/`;
 * - otherwise the chrome (nav; AI banner when signed in; footer), the shell's page or nothing
 *   where a remote shows, and the disclaimer modal over protected pages until accepted.
 * The toaster is mounted once, whatever the state.
 */
export function Chrome({ pageSlot, footerSlot }: { pageSlot: HTMLElement; footerSlot: HTMLElement }) {
  const pathname = usePathname();
  const current = useUser();
  // The auth check's answer comes through a store, which React renders at once and whole; the chrome's first
  // render after it (header, menus, footer, the shell's page) is the largest of a signed-in page. Deferred,
  // React renders it in small slices a phone's main thread is not blocked by (issue 16: TBT).
  const status = useDeferredValue(current.status);
  const role = useDeferredValue(current.role);
  const signedIn = useDeferredValue(current.signedIn);
  const decision = decideRoute(pathname, status, role);
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (!redirectTo) return;
    // Sign-in is a server page (/api/login): a full navigation; anything else stays in the app.
    if (redirectTo.startsWith('/api/')) window.location.replace(redirectTo);
    else navigate(redirectTo, { replace: true });
  }, [redirectTo, pathname]);

  // <html data-lp-auth="loading|authenticated|unauthenticated">: lets tests wait for the auth check.
  useEffect(() => {
    document.documentElement.dataset.lpAuth = status;
    if (status !== 'loading') markChromePainted();
  }, [status]);
  // A remote page's prerendered HTML goes when its remote renders (RemoteRoot), or here when no remote will.
  useLayoutEffect(() => {
    if (decision.kind !== 'remote' && decision.kind !== 'loading') dropPrerendered();
  }, [decision.kind]);
  // Signed out, no disclaimer is needed (signed in, the gate says).
  useEffect(() => {
    if (!signedIn) document.documentElement.dataset.lpDisclaimer = 'not-needed';
  }, [signedIn]);

  const loading = decision.kind === 'loading';
  const t = useT();
  // The skip link is static HTML (it works before any script); its text follows the reader's language.
  const skipLink = t('skipLink');
  useEffect(() => {
    const link = document.querySelector('.lp-skip-link');
    if (link) link.textContent = skipLink;
  }, [skipLink]);
  return (
    <>
      {!loading && <SiteHeader signedIn={signedIn} />}
      {createPortal(loading ? <Spinner fullScreen label={t('loading')} /> : <ShellPages decision={decision} pathname={pathname} />, pageSlot)}
      {createPortal(
        <>
          {!loading && <Footer />}
          <Toaster closeLabel={t('toast.close')} regionLabel={t('toast.region')} announceLabel={t('toast.announce')} referenceLabel={t('toast.reference')} />
        </>,
        footerSlot,
      )}
      {/* The gate's code (and the query library it brings) is fetched after the chrome's first paint. */}
      {signedIn && (
        <AfterChromePaint fallback={<DisclaimerChecking />}>
          <DisclaimerGate active={(decision.kind === 'shell' || decision.kind === 'remote') && decision.disclaimer} />
        </AfterChromePaint>
      )}
    </>
  );
}
