import { ErrorState } from '@lp/ui';

export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the app could not be loaded. Please try again later.';

/** Shown in a remote's slot when its code cannot be fetched or fails to start. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="lp-page">
      <ErrorState title="This page is unavailable" message={REMOTE_UNAVAILABLE_MESSAGE} onRetry={onRetry} />
    </div>
  );
}
