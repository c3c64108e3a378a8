import { NotFound } from '@lp/ui';
import { usePagesT } from '../i18n/pages.ts';

/** The 404 page in the reader's language: a chunk of its own, so no first paint carries its catalogue. */
export function NotFoundPage({ path }: { path: string }) {
  return <NotFound path={path} t={usePagesT()} />;
}
