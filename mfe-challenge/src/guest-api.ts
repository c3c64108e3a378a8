/**
 * The calls a challenge link's page makes, apart from the learner's (api.ts), so the guest page ships only these
 * (the /c/{token} byte budget). Routes come from the schema-free `@lp/contracts/urls` for the same reason.
 */
import {
  AnswerChallengeQuestion, ClaimChallengeAttempt, FinishChallengeAttempt, GetChallengeByToken, StartChallengeAttempt,
} from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';

export const guestChallengeApi = {
  intro: (token: string) => getRoute(GetChallengeByToken, { token }),
  start: (token: string, guestName: string | undefined, untimed: boolean) =>
    sendRoute(StartChallengeAttempt, { token }, guestName === undefined ? { untimed } : { guestName, untimed }),
  answer: (token: string, attemptId: string, attemptKey: string, questionId: string, answer: number | string) =>
    sendRoute(AnswerChallengeQuestion, { token, attemptId }, { attemptKey, questionId, answer }),
  finish: (token: string, attemptId: string, attemptKey: string) => sendRoute(FinishChallengeAttempt, { token, attemptId }, { attemptKey }),
  claim: (attemptId: string, attemptKey: string) => sendRoute(ClaimChallengeAttempt, { attemptId }, { attemptKey }),
};
