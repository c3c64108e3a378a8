import { lazy, Suspense, type ComponentType } from 'react';
import { NotFound, Spinner } from '@lp/ui';
import type { RouteDecision, ShellPageName } from '../platform/route-sets.ts';
import { useT } from '../i18n/index.ts';
import type { PolicyPath } from './policies.ts';

// The landing page, the signed-in home and the policy texts are chunks of their own, fetched when shown (a guest on
// /c/{token} downloads none of them). The landing page's is fetched at once on a prerendered `/` (bootstrap.tsx waits
// for it before replacing the prerendered page: nothing blinks), and then renders without suspending.
let Landing: ComponentType | null = null;
export const loadLanding = () => import('./LandingPage.tsx').then((m) => { Landing = m.LandingPage; });
const LazyLanding = lazy(() => loadLanding().then(() => ({ default: Landing! })));
const HomePage = lazy(() => import('./HomePage.tsx').then((m) => ({ default: m.HomePage })));
const PolicyPage = lazy(() => import('./PolicyPage.tsx').then((m) => ({ default: m.PolicyPage })));
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

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
      return Landing ? <Landing /> : <Suspense fallback={<PageLoading />}><LazyLanding /></Suspense>;
    case 'home':
      return (
        <Suspense fallback={<PageLoading />}>
          <HomePage />
        </Suspense>
      );
    case 'not-found':
      // English at once (spec §8's texts), then in the reader's language once its chunk is there.
      return <Suspense fallback={<NotFound path={pathname} />}><NotFoundPage path={pathname} /></Suspense>;
    default:
      return (
        <Suspense fallback={<PageLoading />}>
          <PolicyPage path={POLICY_PATHS[decision.page]} />
        </Suspense>
      );
  }
}
