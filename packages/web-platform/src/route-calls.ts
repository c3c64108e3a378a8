/**
 * Typed calls from route contracts (`@lp/web-platform/route-calls`): the URL comes from `urlOf`, the reply type from the route's 200 schema, so no
 * page hand-copies a URL or a shape. Pass a route from `@lp/contracts/urls` (schema-free, what pages should use)
 * or a full contract from `@lp/contracts`; both carry the same types. Not in the shared singleton: the shell calls
 * no route, so only the remotes that do bundle this (and `urlOf`); the client underneath is the shared one.
 */
import { urlOf, type BodyOf, type ParamsOf, type QueryOf, type ReplyOf, type RouteRef } from '@lp/contracts/urls';
import { getJson, sendJson, type Method } from '@lp/web-platform';

export function getRoute<R extends RouteRef>(route: R, params?: ParamsOf<R>, query?: QueryOf<R>, signal?: AbortSignal): Promise<ReplyOf<R>> {
  return getJson<ReplyOf<R>>(urlOf(route, params, query), { signal });
}

export function sendRoute<R extends RouteRef>(route: R, params?: ParamsOf<R>, body?: BodyOf<R>): Promise<ReplyOf<R>> {
  return sendJson<ReplyOf<R>>(route.method as Method, urlOf(route, params), body);
}
