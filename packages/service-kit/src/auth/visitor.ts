// Who is calling, for limits and per-visitor records: a signed-in user by id, else the client's address as the
// gateway saw it (client-ip.ts: X-Forwarded-For only from a trusted proxy, so a direct caller cannot choose it).
import type { FastifyRequest } from 'fastify';
import { requestIp } from './client-ip';

export function visitorKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.sub}`;
  return `ip:${requestIp(request)}`;
}
