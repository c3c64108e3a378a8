import { GetJwks } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { SigningKey } from '../keys/signing-key';

export async function jwksRoutes(app: ServiceApp, { key }: { key: SigningKey }) {
  addRoute(app, GetJwks, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [key.publicJwk] };
  });
}
