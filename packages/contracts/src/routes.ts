// Every public HTTP route of the product, for the gateway's route table and for OpenAPI.
// Overlapping paths the gateway must route by the exact path, not by prefix:
//   POST /api/chapters/progress/batch → study, GET /api/chapters/:id → content;
//   GET /api/questions/review → study, GET /api/questions/chapter/:id and /sample/:chapterId → content;
//   /api/admin/* → identity (verify-password, session, logout), study (revision-settings), content (the rest);
//   POST /api/questions/:id/flag and /api/question-flags/* → content.
import { CheckSessionEnded, GetJwks, identityRoutes } from './auth';
import { adminContentRoutes } from './admin';
import { billingRoutes } from './billing';
import { challengeRoutes } from './challenge';
import type { ServiceName } from './common';
import { contentReadRoutes } from './content';
import { feedbackRoutes } from './feedback';
import { questionFlagRoutes } from './flags';
import type { RouteContract } from './route';
import { studyRoutes } from './study';

export const routes = [
  ...identityRoutes,
  ...contentReadRoutes,
  ...adminContentRoutes,
  ...questionFlagRoutes,
  ...studyRoutes,
  ...challengeRoutes,
  ...billingRoutes,
  ...feedbackRoutes,
] as const;

export type AnyRoute = (typeof routes)[number];

/** Routes services call among themselves; the gateway does not expose them. */
export const internalRoutes = [GetJwks, CheckSessionEnded] as const;

/** The routes one service owns (what it registers). */
export function routesOf(owner: ServiceName): RouteContract[] {
  return (routes as readonly RouteContract[]).filter((route) => route.owner === owner);
}
