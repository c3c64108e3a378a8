/**
 * The schema-free half of a route: its method and URL, the types of its parameters, body and reply, and `urlOf`.
 * Nothing here imports TypeBox at run time, so a page that only calls routes (a guest's challenge link) ships
 * no schema library: it imports `@lp/contracts/urls`, the route table as `{ method, url }` (urls.ts).
 */
import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare const routeContract: unique symbol;

/** A route as `{ method, url }` that still carries its full contract `R` as a type (nothing at run time). */
export interface RouteUrl<R extends { method: HttpMethod; url: string } = { method: HttpMethod; url: string }> {
  readonly method: R['method'];
  readonly url: R['url'];
  readonly [routeContract]?: R;
}

/** What a call needs from a route: a full contract (`GetChapter` from `@lp/contracts`) or its `RouteUrl`. */
export interface RouteRef {
  readonly method: HttpMethod;
  readonly url: string;
}

/** The full contract behind a `RouteUrl`, or the route itself when it is one. */
export type ContractOf<T> = T extends { readonly [routeContract]?: infer R } ? (unknown extends R ? T : NonNullable<R>) : T;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
/** The request body type of a route (undefined when it has none). */
export type BodyOf<T> = ContractOf<T> extends { body: infer S } ? StaticOf<S> : undefined;
/** The querystring type of a route. */
export type QueryOf<T> = ContractOf<T> extends { querystring: infer S } ? StaticOf<S> : undefined;
/** The path parameters type of a route. */
export type ParamsOf<T> = ContractOf<T> extends { params: infer S } ? StaticOf<S> : undefined;
/** The 200 response type of a route. */
export type ReplyOf<T> = ContractOf<T> extends { response: { 200: infer S } } ? StaticOf<S> : undefined;

/**
 * The URL to call: path parameters filled in (encoded), query appended (undefined values left out).
 * `urlOf(GetChapter, { id })`, `urlOf(ListSubjectsWithChapters, undefined, { className })`.
 */
export function urlOf<T extends RouteRef>(route: T, params?: ParamsOf<T>, query?: QueryOf<T>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.url}: no ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
