/** The learner's challenges (svc-challenge): direct ones sent to them, and their own with friends' results. */
import { useQuery } from '@tanstack/react-query';
import { ListMyChallenges } from '@lp/contracts/urls';
import { usePushedPolling } from '@lp/web-platform/query';
import { getRoute } from '@lp/web-platform/route-calls';
import { useCurrentUser } from './session.ts';

/** New results of the learner's challenges show up without a reload: pushed, or polled while no stream is open. */
export const CHALLENGES_POLL_MS = 30_000;
const MY_CHALLENGES_KEY = ['/api/challenges/mine'] as const;

export function useMyChallenges() {
  const { signedIn } = useCurrentUser();
  const refetchInterval = usePushedPolling({
    queryKey: MY_CHALLENGES_KEY, type: 'challenge', pollMs: CHALLENGES_POLL_MS, enabled: signedIn,
    // The list holds more than the message (names, the challenge's other results): read it again.
    onMessage: (_message, client) => { void client.invalidateQueries({ queryKey: MY_CHALLENGES_KEY }); },
  });
  return useQuery({
    queryKey: MY_CHALLENGES_KEY,
    queryFn: ({ signal }) => getRoute(ListMyChallenges, undefined, undefined, signal),
    enabled: signedIn,
    refetchInterval,
  });
}
