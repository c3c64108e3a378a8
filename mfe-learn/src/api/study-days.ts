/** The last 30 days (issue 32 §3; svc-study): answers and accuracy per day, days studied. Beside the streak and in the charts. */
import { useQuery } from '@tanstack/react-query';
import { GetStudyDays } from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';
import { useCurrentUser } from './session.ts';

export function useStudyDays() {
  const { signedIn } = useCurrentUser();
  return useQuery({ queryKey: learnKeys.studyDays, queryFn: ({ signal }) => getRoute(GetStudyDays, undefined, undefined, signal), enabled: signedIn });
}
