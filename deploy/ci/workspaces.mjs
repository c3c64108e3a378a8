// The repository's workspaces and which of the shared packages each one uses (its @lp/* dependencies, followed
// through the packages themselves). The per-slice pipelines take their triggers from it, and the contract check
// uses it to name a slice that reaches a contract through a package (every service reads `identity.session.ended`
// through @lp/service-kit).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Deployable slices: the services, the gateway, the shell and the remotes (everything but packages/ and e2e). */
export const isSlice = (dir) => /^(svc-[\w-]+|gateway|shell|mfe-[\w-]+)$/.test(dir);

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Workspace folders as the root package.json lists them (`packages/*` expanded). */
function workspaceDirs(root) {
  const patterns = readJson(join(root, 'package.json')).workspaces ?? [];
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${parent}/${e.name}`).sort();
  }).filter((dir) => existsSync(join(root, dir, 'package.json')));
}

/**
 * Every workspace: `{ dir, name, localDeps }`, where localDeps are the folders of the workspace packages it depends
 * on, directly or through another one (sorted).
 */
export function workspaces(root = repoRoot) {
  const all = workspaceDirs(root).map((dir) => {
    const pkg = readJson(join(root, dir, 'package.json'));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    return { dir, name: pkg.name, deps };
  });
  const dirByName = new Map(all.map((w) => [w.name, w.dir]));
  const direct = new Map(all.map((w) => [w.dir, w.deps.filter((d) => dirByName.has(d)).map((d) => dirByName.get(d))]));
  const closure = (dir, seen = new Set()) => {
    for (const dep of direct.get(dir) ?? []) if (!seen.has(dep)) { seen.add(dep); closure(dep, seen); }
    return seen;
  };
  return all.map(({ dir, name }) => ({ dir, name, localDeps: [...closure(dir)].filter((d) => d !== dir).sort() }));
}

/** The deployable slices with their local dependencies. */
export function slices(root = repoRoot) {
  return workspaces(root).filter((w) => isSlice(w.dir));
}
