import { PageFrame } from './PageFrame.tsx';
import { Link } from '@lp/web-platform';
import { Button } from './Button.tsx';

export interface NotFoundProps {
  homeHref?: string;
  /** The path that matched nothing; defaults to the current location. */
  path?: string;
}

/** Spec §8: an unknown route shows "404 Page Not Found" with a developer-style hint. */
export function NotFound({ homeHref = '/', path }: NotFoundProps) {
  const shown = path ?? (typeof window === 'undefined' ? '' : window.location.pathname);
  return (
    <PageFrame title="404 Page Not Found" width="narrow">
      <p>The page you are looking for does not exist or has moved.</p>
      <pre className="lp-dev-hint">
        <code>GET {shown} → no route matched</code>
      </pre>
      <p className="lp-text-muted">Did you forget to add the route to the route table?</p>
      <Button asChild variant="outline">
        <Link to={homeHref}>Back to Home</Link>
      </Button>
    </PageFrame>
  );
}
