/** Question flags (issue 32 §4; svc-content): flag a question after answering it, and read what came of it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlagQuestionBody, StudentNotices } from '@lp/contracts';
import { FlagQuestion, ListFlagNotices, MarkFlagNoticesSeen } from '@lp/contracts/urls';
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

/** Marks a notice seen on the server (every tab and device agrees): it leaves the list at once. */
export function useMarkFlagNoticeSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) => sendRoute(MarkFlagNoticesSeen, undefined, { noticeIds: [noticeId] }),
    onSuccess: (_reply, noticeId) => {
      queryClient.setQueryData<StudentNotices>(learnKeys.flagNotices, (data) => data && { notices: data.notices.filter((n) => n.id !== noticeId) });
    },
  });
}
