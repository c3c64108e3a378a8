// `/remotes.json`: where the shell finds each remote's manifest. It comes from configuration, so a remote
// moves (another origin, a new version) without a shell rebuild.
import type { FastifyInstance } from 'fastify';

export const DEFAULT_REMOTES: Readonly<Record<string, string>> = Object.freeze({
  learn: '/remotes/learn/mf-manifest.json',
  challenge: '/remotes/challenge/mf-manifest.json',
  billing: '/remotes/billing/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
});

/** Parses `{"learn":"https://cdn.example/learn/mf-manifest.json", …}`; anything else is a start-up error. */
export function parseRemotes(json: string, source: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw new Error(`${source} is not valid JSON (${(err as Error).message}). Expected {"<remote>": "<manifest URL>"}.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${source} must be a JSON object {"<remote>": "<manifest URL>"}.`);
  }
  for (const [name, url] of Object.entries(value)) {
    if (typeof url !== 'string' || url === '') throw new Error(`${source}: the manifest URL of "${name}" must be a non-empty string.`);
  }
  return value as Record<string, string>;
}

export function remotesRoute(app: FastifyInstance, remotes: Record<string, string>) {
  const body = JSON.stringify(remotes);
  app.get('/remotes.json', (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body);
  });
}
