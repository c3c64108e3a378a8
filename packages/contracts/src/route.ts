// How a route is described, and the helpers that turn a description into a Fastify route schema (services)
// or a URL and types (front ends).
import type { TSchema } from '@sinclair/typebox';
import { ErrorResponse, type ServiceName } from './common';

import type { HttpMethod } from './url';

export type { HttpMethod };

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

// The types and `urlOf` live in the schema-free `url.ts` (front ends import them without TypeBox).
export { urlOf, type BodyOf, type QueryOf, type ParamsOf, type ReplyOf, type ContractOf, type RouteUrl, type RouteRef } from './url';
