/** Question flags (issue 32 §4; svc-content): flag a question after answering it, and read what came of it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FlagQuestionBody } from '@lp/contracts';
import { FlagQuestion, ListFlagNotices } from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';
import { useCurrentUser } from './session.ts';

export function useFlagQuestion(questionId: string) {
  return useMutation({ mutationFn: (body: FlagQuestionBody) => sendRoute(FlagQuestion, { id: questionId }, body) });
}

/** The signed-in student's notices ("You were right about question …"); nothing is asked for a visitor. */
export function useFlagNotices() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.flagNotices,
    queryFn: ({ signal }) => getRoute(ListFlagNotices, undefined, undefined, signal),
    enabled: user.signedIn,
    staleTime: 60_000,
  });
}
