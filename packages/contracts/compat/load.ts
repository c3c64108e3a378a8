// Loading the surfaces to compare: the working tree's contracts, a git ref's (extracted with `git archive` into the
// ignored .data/ folder, so its imports resolve against the root node_modules) and the committed release snapshot.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { surfaceOf, type Surface } from './surface';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Written by `npm run release:tag`: the surface of the last release, for clones that came without tags. */
export const snapshotPath = join(repoRoot, 'packages', 'contracts', 'released', 'surface.json');
/** Tags of contract releases: `release-<n>`. */
export const RELEASE_TAG = /^release-(\d+)$/;

export interface ReleaseSnapshot {
  release: number;
  tag: string;
  /** The commit whose contracts it holds. */
  commit: string;
  surface: Surface;
}

const git = (args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The surface of a contracts source folder (one with `src/index.ts`). */
export async function surfaceOfFolder(contractsDir: string): Promise<Surface> {
  return surfaceOf(await import(pathToFileURL(join(contractsDir, 'src', 'index.ts')).href) as Record<string, unknown>);
}

export const workingTreeSurface = () => surfaceOfFolder(join(repoRoot, 'packages', 'contracts'));

/** The surface at a git ref (a tag, a branch, a commit). */
export async function surfaceAtRef(ref: string): Promise<Surface> {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const target = join(repoRoot, '.data', 'compat', commit);
  if (!existsSync(target)) {
    const partial = `${target}.${process.pid}`;
    mkdirSync(partial, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', commit, 'packages/contracts'], { cwd: repoRoot, maxBuffer: 64 << 20 });
    execFileSync('tar', ['-x', '-C', partial], { input: archive });
    try { renameSync(partial, target); } catch { rmSync(partial, { recursive: true, force: true }); } // another run won
  }
  return surfaceOfFolder(join(target, 'packages', 'contracts'));
}

export function readSnapshot(): ReleaseSnapshot | undefined {
  return existsSync(snapshotPath) ? JSON.parse(readFileSync(snapshotPath, 'utf8')) as ReleaseSnapshot : undefined;
}

export function writeSnapshot(snapshot: ReleaseSnapshot) {
  mkdirSync(dirname(snapshotPath), { recursive: true });
  writeFileSync(snapshotPath, `${JSON.stringify(snapshot, null, 2)}\n`);
}

/** Release tags in this clone, newest first (a clean clone may have none). */
export function releaseTags(): string[] {
  let tags: string[];
  try { tags = git(['tag', '--list', 'release-*']).split('\n').filter((t) => RELEASE_TAG.test(t)); } catch { return []; }
  const number = (tag: string) => Number(RELEASE_TAG.exec(tag)![1]);
  return tags.sort((a, b) => number(b) - number(a));
}

export { git };
