// The flag queue's calls (owner + admin elevation; svc-content answers 403 otherwise).
import type { CorrectQuestionBody } from '@lp/contracts';
import { CorrectFlaggedQuestion, DismissQuestionFlags, GetFlagQueue, RetireFlaggedQuestion } from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const queueKey = ['admin-question-flags'] as const;

export function useFlagQueue() {
  return useQuery({ queryKey: queueKey, queryFn: ({ signal }) => getRoute(GetFlagQueue, undefined, undefined, signal), staleTime: 0 });
}

export type FlagAction = { kind: 'correct'; body: CorrectQuestionBody } | { kind: 'retire' } | { kind: 'dismiss' };

/** One of the three actions on a flagged question; the queue is read again after it. */
export function useFlagAction(questionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FlagAction) => {
      const params = { id: questionId };
      if (action.kind === 'correct') return sendRoute(CorrectFlaggedQuestion, params, action.body);
      return sendRoute(action.kind === 'retire' ? RetireFlaggedQuestion : DismissQuestionFlags, params);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
