/**
 * A signed-in learner's challenge calls, typed by their routes in `@lp/contracts`. A challenge link's page has its
 * own module (guest-api.ts) so it does not ship these.
 */
import { AcceptChallenge, ChallengeBack, CreateChallenge, GetChallenge, ListMyChallenges, SearchUsers } from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';

export const challengeApi = {
  challengeBack: (attemptId: string) => sendRoute(ChallengeBack, { attemptId }),
  byId: (id: string) => getRoute(GetChallenge, { id }),
  accept: (id: string) => sendRoute(AcceptChallenge, { id }),
  mine: () => getRoute(ListMyChallenges),
  createLink: (sessionId: string, maxUses: number | null) => sendRoute(CreateChallenge, undefined, { sessionId, maxUses }),
  createDirect: (sessionId: string, challengedId: string, message: string) =>
    sendRoute(CreateChallenge, undefined, { sessionId, challengedId, message }),
  searchUser: (email: string) => getRoute(SearchUsers, undefined, { email }),
};
