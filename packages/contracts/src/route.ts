// How a route is described, and the helpers that turn a description into a Fastify route schema (services)
// or a URL and types (front ends).
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorResponse, type ServiceName } from './common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, enforced by the owning service (the gateway only verifies sessions):
 * - public: anyone; a session is used when present (e.g. sample quizzes, challenge links);
 * - user: a signed-in user, else 401;
 * - owner: a signed-in user with the owner role, else 403;
 * - admin: owner role plus a live admin elevation token (POST /api/admin/verify-password), else 403.
 * Subscription checks are not an access level: they are domain rules of the owning service.
 */
export type Access = 'public' | 'user' | 'owner' | 'admin';

export interface RouteInput {
  method: HttpMethod;
  /** Fastify path syntax: `/api/chapters/:id`. */
  url: string;
  owner: ServiceName;
  access: Access;
  summary: string;
  description?: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** Success responses by status code. Error responses are added by `defineRoute`. */
  response?: Record<number, TSchema>;
  /** Set on multipart routes: they have no body schema; `description` lists their fields. */
  consumes?: readonly string[];
  /** Bytes, for routes whose bodies exceed Fastify's 1 MiB default (uploads). A Fastify route option. */
  bodyLimit?: number;
}

/** Every route answers errors in the one shape; Fastify serialises thrown errors through these. */
export const ErrorResponses = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;

export type RouteContract<R extends RouteInput = RouteInput> = R & {
  tags: [R['owner']];
  response: (R['response'] extends Record<number, TSchema> ? R['response'] : object) & typeof ErrorResponses;
};

/** Describe a route. Adds `tags` (the owner, for OpenAPI) and the error responses. */
export function defineRoute<const R extends RouteInput>(route: R): RouteContract<R> {
  return { ...route, tags: [route.owner], response: { ...route.response, ...ErrorResponses } } as RouteContract<R>;
}

const SCHEMA_KEYS = ['body', 'querystring', 'params', 'response', 'tags', 'summary', 'description', 'consumes'] as const;
type SchemaKey = (typeof SCHEMA_KEYS)[number];

/**
 * The Fastify route `schema` of a route: only the keys it has.
 * `app.route({ ...GetChapter, schema: schemaOf(GetChapter), handler })`.
 */
export function schemaOf<R extends RouteContract>(route: R): Pick<R, Extract<keyof R, SchemaKey>> {
  const schema: Record<string, unknown> = {};
  for (const key of SCHEMA_KEYS) if (route[key] !== undefined) schema[key] = route[key];
  return schema as Pick<R, Extract<keyof R, SchemaKey>>;
}

/** `{ method, url, schema, bodyLimit? }`, ready to spread into `app.route({ ...fastifyRoute(GetChapter), handler })`. */
export function fastifyRoute<R extends RouteContract>(route: R) {
  const options = { method: route.method, url: route.url, schema: schemaOf(route) };
  return route.bodyLimit === undefined ? options : { ...options, bodyLimit: route.bodyLimit };
}

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
/** The request body type of a route (undefined when it has none). */
export type BodyOf<R> = R extends { body: infer S } ? StaticOf<S> : undefined;
/** The querystring type of a route. */
export type QueryOf<R> = R extends { querystring: infer S } ? StaticOf<S> : undefined;
/** The path parameters type of a route. */
export type ParamsOf<R> = R extends { params: infer S } ? StaticOf<S> : undefined;
/** The 200 response type of a route. */
export type ReplyOf<R> = R extends { response: { 200: infer S } } ? StaticOf<S> : undefined;

/**
 * The URL to call: path parameters filled in (encoded), query appended (undefined values left out).
 * `urlOf(GetChapter, { id })`, `urlOf(ListSubjectsWithChapters, undefined, { className })`.
 */
export function urlOf<R extends RouteContract>(
  route: R,
  params?: ParamsOf<R>,
  query?: QueryOf<R>,
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`urlOf ${route.url}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
