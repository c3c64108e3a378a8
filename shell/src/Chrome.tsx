import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Spinner, Toaster } from '@lp/ui';
import { getQueryClient, navigate, usePathname, useUser } from '@lp/web-platform';
import { AiBanner } from './chrome/AiBanner.tsx';
import { DisclaimerGate } from './chrome/DisclaimerGate.tsx';
import { Footer } from './chrome/Footer.tsx';
import { Nav } from './chrome/Nav.tsx';
import { ShellPages } from './pages/ShellPages.tsx';
import { decideRoute } from './platform/route-sets.ts';

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
  const { status, role, signedIn } = useUser();
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
  }, [status]);

  const loading = decision.kind === 'loading';
  return (
    <QueryClientProvider client={getQueryClient()}>
      {!loading && (
        <header className="lp-nav lp-header">
          <Nav />
          {signedIn && <AiBanner />}
        </header>
      )}
      {createPortal(loading ? <Spinner fullScreen label="Loading..." /> : <ShellPages decision={decision} pathname={pathname} />, pageSlot)}
      {createPortal(
        <>
          {!loading && <Footer />}
          <Toaster />
        </>,
        footerSlot,
      )}
      <DisclaimerGate active={signedIn && (decision.kind === 'shell' || decision.kind === 'remote') && decision.disclaimer} />
    </QueryClientProvider>
  );
}
