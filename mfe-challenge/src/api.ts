/**
 * The challenge calls (routes in `@lp/contracts` challenge.ts). Types come from the contracts; the URLs are
 * written here so the guest page does not ship the contracts' schema library (the /c/{token} byte budget).
 */
import type {
  AnswerFeedback, AttemptResult, Challenge, ChallengeIntro, CreatedChallenge, MyChallenges, StartedAttempt, UserSummary,
} from '@lp/contracts';
import { ApiError, getJson, sendJson } from '@lp/web-platform';

const enc = encodeURIComponent;
const tokenUrl = (token: string) => `/api/challenges/token/${enc(token)}`;

export const challengeApi = {
  intro: (token: string) => getJson<ChallengeIntro>(tokenUrl(token)),
  start: (token: string, guestName?: string) =>
    sendJson<StartedAttempt>('POST', `${tokenUrl(token)}/attempts`, guestName === undefined ? {} : { guestName }),
  answer: (token: string, attemptId: string, attemptKey: string, questionId: string, answer: number | string) =>
    sendJson<AnswerFeedback>('POST', `${tokenUrl(token)}/attempts/${enc(attemptId)}/answers`, { attemptKey, questionId, answer }),
  finish: (token: string, attemptId: string, attemptKey: string) =>
    sendJson<AttemptResult>('POST', `${tokenUrl(token)}/attempts/${enc(attemptId)}/finish`, { attemptKey }),
  claim: (attemptId: string, attemptKey: string) =>
    sendJson<AttemptResult>('POST', `/api/challenges/attempts/${enc(attemptId)}/claim`, { attemptKey }),
  byId: (id: string) => getJson<Challenge>(`/api/challenges/${enc(id)}`),
  accept: (id: string) => sendJson<Challenge>('POST', `/api/challenges/${enc(id)}/accept`),
  mine: () => getJson<MyChallenges>('/api/challenges/mine'),
  createLink: (sessionId: string, maxUses: number | null) => sendJson<CreatedChallenge>('POST', '/api/challenges', { sessionId, maxUses }),
  createDirect: (sessionId: string, challengedId: string, message: string) =>
    sendJson<CreatedChallenge>('POST', '/api/challenges', { sessionId, challengedId, message }),
  searchUser: (email: string) =>
    getJson<UserSummary>(`/api/users/search?email=${enc(email)}`),
};

/** The server's error text and code from an ApiError (`"<status>: <json body>"`), if any. */
export function errorOf(error: unknown): { status: number | null; message: string | null; code: string | null } {
  if (!(error instanceof ApiError)) return { status: null, message: null, code: null };
  const body = error.body && typeof error.body === 'object' ? (error.body as { message?: unknown }) : {};
  return { status: error.status, message: typeof body.message === 'string' ? body.message : null, code: error.code };
}

/** Spec §9: a score of 70 or more is shown as a success. */
export const SUCCESS_SCORE = 70;
