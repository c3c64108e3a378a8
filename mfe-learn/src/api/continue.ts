/** The learner's unfinished quiz to continue (issue 31 §6; svc-study `GET /api/sessions/continue`). */
import { useQuery } from '@tanstack/react-query';
import type { QuizSession } from '@lp/contracts';
import { GetQuizToContinue } from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';
import { useCurrentUser } from './session.ts';

/**
 * The paused quiz, else the latest one started and not finished (left by a header link or a closed tab), or null.
 * Where it continues and what was answered are the server's (`resumeQuestionIndex`, `answeredQuestionIds`).
 */
export function useQuizToContinue() {
  const { signedIn } = useCurrentUser();
  return useQuery({
    queryKey: learnKeys.quizToContinue,
    queryFn: async ({ signal }): Promise<QuizSession | null> => (await getRoute(GetQuizToContinue, undefined, undefined, signal))[0] ?? null,
    enabled: signedIn,
  });
}
