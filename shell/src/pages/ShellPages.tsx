import { NotFound } from '@lp/ui';
import type { RouteDecision, ShellPageName } from '../platform/route-sets.ts';
import { HomePage } from './HomePage.tsx';
import { LandingPage } from './LandingPage.tsx';
import { PolicyPage } from './PolicyPage.tsx';
import type { PolicyPath } from './policies.ts';

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
      return <HomePage />;
    case 'not-found':
      return <NotFound path={pathname} />;
    default:
      return <PolicyPage path={POLICY_PATHS[decision.page]} />;
  }
}
