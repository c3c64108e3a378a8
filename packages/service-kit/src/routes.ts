// Registers a contract route: its schema from packages/contracts and the guard its access level names,
// so a service's route file holds only the handler.
import { schemaOf, type RouteContract } from '@lp/contracts';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { requireAdmin, requireOwner, requireUser } from './auth/plugin';
import type { ServiceApp } from './service';

const guards = {
  public: undefined,
  user: requireUser,
  owner: requireOwner,
  admin: requireAdmin,
} as const;

type Part<R, K extends string> = R extends Record<K, infer S extends TSchema> ? Static<S> : unknown;

export type ContractRequest<R extends RouteContract> = FastifyRequest<{
  Body: Part<R, 'body'>;
  Querystring: Part<R, 'querystring'>;
  Params: Part<R, 'params'>;
}>;

export type ContractHandler<R extends RouteContract> = (request: ContractRequest<R>, reply: FastifyReply) => Promise<unknown>;

export function addRoute<R extends RouteContract>(app: ServiceApp, route: R, handler: ContractHandler<R>) {
  const guard = guards[route.access];
  app.route({
    method: route.method,
    url: route.url,
    schema: schemaOf(route) as never,
    // Before validation: a caller without the access gets 401/403 whatever the body (as at the gateway), never a
    // schema description. Services' own scope hooks that must run first (identity's session renewal) are
    // preValidation hooks too: scope hooks run before route hooks of the same kind.
    ...(guard ? { preValidation: guard as never } : {}),
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
