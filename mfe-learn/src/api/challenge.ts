/** The learner's challenges (svc-challenge): direct ones sent to them, and their own with friends' results. */
import { useQuery } from '@tanstack/react-query';
import { ListMyChallenges } from '@lp/contracts';
import { getRoute } from './http.ts';
import { useCurrentUser } from './session.ts';

/** New results of the learner's challenges show up without a reload. */
export const CHALLENGES_POLL_MS = 30_000;

export function useMyChallenges() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: ['/api/challenges/mine'] as const,
    queryFn: ({ signal }) => getRoute(ListMyChallenges, undefined, undefined, signal),
    enabled: signedIn,
    refetchInterval: CHALLENGES_POLL_MS,
  });
}
