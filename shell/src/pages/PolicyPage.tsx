import { useEffect } from 'react';
import { PageFrame } from '@lp/ui';
import { Link } from '@lp/web-platform';

export const POLICY_PAGES = [
  { path: '/privacy-policy', title: 'Privacy Policy', description: 'How we collect, use and protect your data.' },
  { path: '/terms-of-service', title: 'Terms of Service', description: 'The terms for using the service.' },
  { path: '/refund-policy', title: 'Refund Policy', description: 'The 7-day money-back guarantee and how refunds work.' },
  { path: '/disclaimer', title: 'Disclaimer', description: 'About the accuracy of AI-generated content.' },
] as const;

/** A policy page frame: scrolls to top, title and description, Back to Home top and bottom. */
export function PolicyPage({ path }: { path: string }) {
  const page = POLICY_PAGES.find((p) => p.path === path) ?? POLICY_PAGES[0];
  useEffect(() => {
    window.scrollTo?.(0, 0);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page]);
  const back = <Link to="/">Back to Home</Link>;
  return (
    <PageFrame title={page.title} subtitle={page.description} actions={back} width="narrow">
      <p>Last updated: {new Date().toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })}</p>
      <p>{back}</p>
    </PageFrame>
  );
}
