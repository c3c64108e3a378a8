/**
 * The challenge calls, typed by their routes in `@lp/contracts`. Routes come from the schema-free
 * `@lp/contracts/urls` so the guest page does not ship the contracts' schema library (the /c/{token} byte budget).
 */
import {
  AcceptChallenge, AnswerChallengeQuestion, ChallengeBack, ClaimChallengeAttempt, CreateChallenge, FinishChallengeAttempt, GetChallenge,
  GetChallengeByToken, ListMyChallenges, SearchUsers, StartChallengeAttempt,
} from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';

export const challengeApi = {
  intro: (token: string) => getRoute(GetChallengeByToken, { token }),
  start: (token: string, guestName?: string) => sendRoute(StartChallengeAttempt, { token }, guestName === undefined ? {} : { guestName }),
  answer: (token: string, attemptId: string, attemptKey: string, questionId: string, answer: number | string) =>
    sendRoute(AnswerChallengeQuestion, { token, attemptId }, { attemptKey, questionId, answer }),
  finish: (token: string, attemptId: string, attemptKey: string) => sendRoute(FinishChallengeAttempt, { token, attemptId }, { attemptKey }),
  claim: (attemptId: string, attemptKey: string) => sendRoute(ClaimChallengeAttempt, { attemptId }, { attemptKey }),
  challengeBack: (attemptId: string) => sendRoute(ChallengeBack, { attemptId }),
  byId: (id: string) => getRoute(GetChallenge, { id }),
  accept: (id: string) => sendRoute(AcceptChallenge, { id }),
  mine: () => getRoute(ListMyChallenges),
  createLink: (sessionId: string, maxUses: number | null) => sendRoute(CreateChallenge, undefined, { sessionId, maxUses }),
  createDirect: (sessionId: string, challengedId: string, message: string) =>
    sendRoute(CreateChallenge, undefined, { sessionId, challengedId, message }),
  searchUser: (email: string) => getRoute(SearchUsers, undefined, { email }),
};

