/**
 * Typed calls from the contracts' route objects: the URL comes from `urlOf`, the reply type from the
 * route's 200 schema, so nothing here hand-copies a shape.
 */
import { urlOf, type BodyOf, type ParamsOf, type QueryOf, type ReplyOf, type RouteContract } from '@lp/contracts';
import { getJson, sendJson, type Method } from '@lp/web-platform';

export function getRoute<R extends RouteContract>(
  route: R,
  params?: ParamsOf<R>,
  query?: QueryOf<R>,
  signal?: AbortSignal,
): Promise<ReplyOf<R>> {
  return getJson<ReplyOf<R>>(urlOf(route, params, query), { signal });
}

export function sendRoute<R extends RouteContract>(route: R, params?: ParamsOf<R>, body?: BodyOf<R>): Promise<ReplyOf<R>> {
  return sendJson<ReplyOf<R>>(route.method as Method, urlOf(route, params), body);
}
