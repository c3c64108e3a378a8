import { ErrorState } from '@lp/ui';
import { en } from '../i18n/en.ts';
import { useT } from '../i18n/index.ts';

export const REMOTE_UNAVAILABLE_MESSAGE = en['remote.message'];

/** Shown in a remote's slot when its code cannot be fetched or fails to start. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="lp-page">
      <ErrorState title={t('remote.title')} message={t('remote.message')} onRetry={onRetry} />
    </div>
  );
}
