import { lazy, Suspense } from 'react';
import { NotFound, Spinner } from '@lp/ui';
import type { RouteDecision, ShellPageName } from '../platform/route-sets.ts';
import { LandingPage } from './LandingPage.tsx';
import { useT } from '../i18n/index.ts';
import type { PolicyPath } from './policies.ts';

// The landing page is what most first visits paint, so it comes with the shell; the signed-in home and the
// policy texts are their own chunks, fetched when opened (a guest on /c/{token} downloads neither).
const HomePage = lazy(() => import('./HomePage.tsx').then((m) => ({ default: m.HomePage })));
const PolicyPage = lazy(() => import('./PolicyPage.tsx').then((m) => ({ default: m.PolicyPage })));

function PageLoading() {
  const t = useT();
  return (
    <div className="lp-page-loading">
      <Spinner label={t('loading')} />
    </div>
  );
}

const POLICY_PATHS: Record<Exclude<ShellPageName, 'landing' | 'home' | 'not-found'>, PolicyPath> = {
  'privacy-policy': '/privacy-policy',
  'terms-of-service': '/terms-of-service',
  'refund-policy': '/refund-policy',
  disclaimer: '/disclaimer',
};

/** The shell's own pages, as the route decision says. Renders nothing where a remote shows (single-spa mounts it). */
export function ShellPages({ decision, pathname }: { decision: RouteDecision; pathname: string }) {
  if (decision.kind !== 'shell') return null;
  switch (decision.page) {
    case 'landing':
      return <LandingPage />;
    case 'home':
      return (
        <Suspense fallback={<PageLoading />}>
          <HomePage />
        </Suspense>
      );
    case 'not-found':
      return <NotFound path={pathname} />;
    default:
      return (
        <Suspense fallback={<PageLoading />}>
          <PolicyPage path={POLICY_PATHS[decision.page]} />
        </Suspense>
      );
  }
}
