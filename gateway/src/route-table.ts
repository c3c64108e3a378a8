// The gateway's route table: every public `/api` route of the contracts, with the service that owns it.
// Each route is registered on the gateway by method and exact path, so Fastify's router picks the route
// (a static segment beats a parameter), never a prefix. Paths that look alike but belong to different
// services are pinned below and checked at start-up, so a contract change cannot silently re-route them.
import { routes as contractRoutes, type Access, type HttpMethod, type ServiceName } from '@lp/contracts';

export interface GatewayRoute {
  method: HttpMethod;
  /** Fastify path syntax: `/api/chapters/:id`. */
  url: string;
  owner: ServiceName;
  /** Who may call it (the contract's access level); the gateway refuses the rest before reading the body. */
  access?: Access;
  /** The contract's body limit, when it differs from the services' default. */
  bodyLimit?: number;
  /** The contract's content types when not JSON (multipart uploads). */
  consumes?: readonly string[];
}

/** Overlapping paths and the service each must reach. */
export const PINNED_OWNERS: readonly GatewayRoute[] = [
  { method: 'POST', url: '/api/chapters/progress/batch', owner: 'study' },
  { method: 'GET', url: '/api/chapters/:id', owner: 'content' },
  { method: 'GET', url: '/api/chapters/:id/topics', owner: 'content' },
  { method: 'GET', url: '/api/questions/review', owner: 'study' },
  { method: 'GET', url: '/api/questions/chapter/:id', owner: 'content' },
  { method: 'GET', url: '/api/questions/sample/:chapterId', owner: 'content' },
  { method: 'POST', url: '/api/admin/verify-password', owner: 'identity' },
  { method: 'GET', url: '/api/admin/revision-settings', owner: 'study' },
  { method: 'POST', url: '/api/admin/revision-settings', owner: 'study' },
  { method: 'POST', url: '/api/admin/process-pdf', owner: 'content' },
  { method: 'POST', url: '/api/admin/upload', owner: 'content' },
];

/**
 * Builds the table from route descriptions (the contracts' by default) and checks it: every path under
 * `/api/`, one owner per method + path, and the pinned overlaps owned as above.
 */
export function buildRouteTable(source: readonly GatewayRoute[] = contractRoutes as readonly GatewayRoute[], { checkPinned = source === (contractRoutes as readonly GatewayRoute[]) } = {}): GatewayRoute[] {
  const table = new Map<string, GatewayRoute>();
  for (const { method, url, owner, access, bodyLimit, consumes } of source) {
    if (!url.startsWith('/api/')) throw new Error(`Route ${method} ${url} (${owner}) is not under /api/; the gateway only routes /api to services.`);
    const key = `${method} ${url}`;
    const existing = table.get(key);
    if (existing && existing.owner !== owner) throw new Error(`Route ${key} is claimed by both ${existing.owner} and ${owner}.`);
    table.set(key, { method, url, owner, access: access ?? 'public', ...(bodyLimit ? { bodyLimit } : {}), ...(consumes ? { consumes } : {}) });
  }
  if (checkPinned) {
    for (const pinned of PINNED_OWNERS) {
      const route = table.get(`${pinned.method} ${pinned.url}`);
      if (!route) throw new Error(`Route ${pinned.method} ${pinned.url} is missing from the contracts; the gateway expects it at ${pinned.owner}.`);
      if (route.owner !== pinned.owner) {
        throw new Error(`Route ${pinned.method} ${pinned.url} is owned by ${route.owner} in the contracts but pinned to ${pinned.owner} in the gateway; update PINNED_OWNERS deliberately.`);
      }
    }
  }
  return [...table.values()];
}

/**
 * An upload: a multipart route, or one whose body may exceed the services' default limit. The service answers once it
 * has the whole body (and may work on it a while), so it gets the long upstream timeout; every other call the short one.
 */
export function isUpload(route: GatewayRoute, defaultBodyLimit: number): boolean {
  return route.consumes !== undefined || (route.bodyLimit ?? 0) > defaultBodyLimit;
}
