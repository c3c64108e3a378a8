// `/remotes.json`: where the shell finds each remote's manifest. It comes from the environment's pointer file (a
// remote's release or rollback, deploy/release) or configuration, so a remote moves (another origin, a new
// version) without a shell rebuild.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * The environment's pointer file, written by `npm run release:remote` / `rollback:remote` (deploy/release): its
 * path by default, `<static root>/remotes/remotes.<environment>.json`.
 */
export function pointerFileOf(staticRoot: string, environment: string): string {
  return join(staticRoot, 'remotes', `remotes.${environment}.json`);
}

/**
 * `/remotes.json`: the pointer file while it exists, read again whenever it changes (a release or a rollback shows
 * on the next page load, on every gateway replica reading the same file, without a restart); else `fallback` (the
 * configured REMOTES_JSON or the defaults). The release script replaces the file by a rename, so a read never sees
 * half of it; a file that does not parse is logged and the last good answer kept.
 */
export function remotesRoute(app: FastifyInstance, fallback: Record<string, string>, pointerFile?: string) {
  const fallbackBody = JSON.stringify(fallback);
  // Keyed by inode too: the release script renames a new file into place, which two quick writes' mtimes may not show.
  let last: { ino: number; mtimeMs: number; size: number; body: string } | undefined;
  async function currentBody(): Promise<string> {
    if (!pointerFile) return fallbackBody;
    let stats;
    try {
      stats = await stat(pointerFile);
    } catch {
      return fallbackBody; // no release yet in this environment
    }
    if (last && last.ino === stats.ino && last.mtimeMs === stats.mtimeMs && last.size === stats.size) return last.body;
    try {
      const body = JSON.stringify(parseRemotes(await readFile(pointerFile, 'utf8'), pointerFile));
      last = { ino: stats.ino, mtimeMs: stats.mtimeMs, size: stats.size, body };
      return body;
    } catch (err) {
      app.log.error({ err, pointerFile }, 'the remotes pointer file is unreadable; serving the last good /remotes.json');
      return last?.body ?? fallbackBody;
    }
  }
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(await currentBody());
  });
}
