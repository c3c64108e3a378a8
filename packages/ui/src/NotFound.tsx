import { PageFrame } from './PageFrame.tsx';
import { Link } from '@lp/web-platform';
import { Button } from './Button.tsx';

/** The page's English (spec §8's texts): a catalogue's source, so a shell can show them in the reader's language. */
export const NOT_FOUND_TEXTS = {
  'notFound.title': '404 Page Not Found',
  'notFound.message': 'The page you are looking for does not exist or has moved.',
  'notFound.hint': 'Did you forget to add the route to the route table?',
  'notFound.back': 'Back to Home',
} as const;

export interface NotFoundProps {
  homeHref?: string;
  /** The path that matched nothing; defaults to the current location. */
  path?: string;
  /** The texts in the reader's language (a catalogue's `t` over NOT_FOUND_TEXTS); English without one. */
  t?: (key: keyof typeof NOT_FOUND_TEXTS) => string;
}

const english = (key: keyof typeof NOT_FOUND_TEXTS) => NOT_FOUND_TEXTS[key];

/** Spec §8: an unknown route shows "404 Page Not Found" with a developer-style hint. */
export function NotFound({ homeHref = '/', path, t = english }: NotFoundProps) {
  const shown = path ?? (typeof window === 'undefined' ? '' : window.location.pathname);
  return (
    <PageFrame title={t('notFound.title')} width="narrow">
      <p>{t('notFound.message')}</p>
      <pre className="lp-dev-hint">
        <code>GET {shown} → no route matched</code>
      </pre>
      <p className="lp-text-muted">{t('notFound.hint')}</p>
      <Button asChild variant="outline">
        <Link to={homeHref}>{t('notFound.back')}</Link>
      </Button>
    </PageFrame>
  );
}
