/**
 * The challenge calls, typed by their routes in `@lp/contracts`. Routes come from the schema-free
 * `@lp/contracts/urls` so the guest page does not ship the contracts' schema library (the /c/{token} byte budget).
 */
import {
  AcceptChallenge, AnswerChallengeQuestion, ClaimChallengeAttempt, CreateChallenge, FinishChallengeAttempt, GetChallenge,
  GetChallengeByToken, ListMyChallenges, SearchUsers, StartChallengeAttempt,
} from '@lp/contracts/urls';
import { ApiError, getRoute, sendRoute } from '@lp/web-platform';

export const challengeApi = {
  intro: (token: string) => getRoute(GetChallengeByToken, { token }),
  start: (token: string, guestName?: string) => sendRoute(StartChallengeAttempt, { token }, guestName === undefined ? {} : { guestName }),
  answer: (token: string, attemptId: string, attemptKey: string, questionId: string, answer: number | string) =>
    sendRoute(AnswerChallengeQuestion, { token, attemptId }, { attemptKey, questionId, answer }),
  finish: (token: string, attemptId: string, attemptKey: string) => sendRoute(FinishChallengeAttempt, { token, attemptId }, { attemptKey }),
  claim: (attemptId: string, attemptKey: string) => sendRoute(ClaimChallengeAttempt, { attemptId }, { attemptKey }),
  byId: (id: string) => getRoute(GetChallenge, { id }),
  accept: (id: string) => sendRoute(AcceptChallenge, { id }),
  mine: () => getRoute(ListMyChallenges),
  createLink: (sessionId: string, maxUses: number | null) => sendRoute(CreateChallenge, undefined, { sessionId, maxUses }),
  createDirect: (sessionId: string, challengedId: string, message: string) =>
    sendRoute(CreateChallenge, undefined, { sessionId, challengedId, message }),
  searchUser: (email: string) => getRoute(SearchUsers, undefined, { email }),
};

/** The server's error text and code from an ApiError (`"<status>: <json body>"`), if any. */
export function errorOf(error: unknown): { status: number | null; message: string | null; code: string | null } {
  if (!(error instanceof ApiError)) return { status: null, message: null, code: null };
  const body = error.body && typeof error.body === 'object' ? (error.body as { message?: unknown }) : {};
  return { status: error.status, message: typeof body.message === 'string' ? body.message : null, code: error.code };
}

/** Spec §9: a score of 70 or more is shown as a success. */
export const SUCCESS_SCORE = 70;
