import { PageFrame } from './PageFrame.tsx';
import { Link } from '@lp/web-platform';
import { Button } from './Button.tsx';

/** Spec §8: an unknown route shows "404 Page Not Found" with a developer-style hint. */
export function NotFound({ homeHref = '/' }: { homeHref?: string }) {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <PageFrame title="404 Page Not Found" width="narrow">
      <p>
        No page is registered for <code>{path}</code>. Did you forget to add the route to the route table?
      </p>
      <Button asChild variant="outline">
        <Link to={homeHref}>Back to Home</Link>
      </Button>
    </PageFrame>
  );
}
