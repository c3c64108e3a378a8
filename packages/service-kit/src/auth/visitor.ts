// Who is calling, for limits and per-visitor records: a signed-in user by id, else the client's address as the
// gateway saw it. The gateway appends the address of its direct peer last to X-Forwarded-For, so the last entry
// is the one a client cannot choose (earlier entries can be forged and are ignored).
import type { FastifyRequest } from 'fastify';

/** The client's address as the gateway saw it, signed in or not (for limits per address). */
export function requestIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  return hops.at(-1) ?? request.ip;
}

export function visitorKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.sub}`;
  return `ip:${requestIp(request)}`;
}
