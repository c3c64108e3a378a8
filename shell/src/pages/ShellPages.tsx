import { NotFound } from '@lp/ui';
import { usePathname } from '@lp/web-platform';
import { remoteForPath } from '../platform/remotes.ts';
import { LandingPage } from './LandingPage.tsx';
import { POLICY_PAGES, PolicyPage } from './PolicyPage.tsx';

/** The shell's own routes. Renders nothing where a remote owns the path (single-spa mounts it). */
export function ShellPages() {
  const pathname = usePathname();
  if (remoteForPath(pathname)) return null;
  if (pathname === '/') return <LandingPage />;
  const policy = POLICY_PAGES.find((p) => p.path === pathname.replace(/\/$/, ''));
  if (policy) return <PolicyPage path={policy.path} />;
  return <NotFound />;
}
