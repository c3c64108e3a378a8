// A slice's version: its package.json version plus the commit it was built from (`0.1.0+3f2c1ab`). Production
// images carry no `.git`, so the image build passes the commit as LP_COMMIT; a checkout without git says `unknown`.
// Node only, no dependencies: the services, the gateway and the front ends' build (`version.json`) all read it here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SliceVersion {
  /** `package.json`'s `name`. */
  name: string;
  /** `package.json`'s `version` plus the commit: `0.1.0+3f2c1ab`, `0.1.0+unknown`. */
  version: string;
  /** Short sha, or `unknown`. */
  commit: string;
}

/** The commit: LP_COMMIT when set (image builds), else `git rev-parse --short HEAD` in `dir`, else `unknown`. */
export function commitOf(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const given = env.LP_COMMIT?.trim();
  if (given) return given;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown'; // no git, or not a checkout
  }
}

/** The version of the package in `packageDir` (the folder holding its package.json). */
export function readSliceVersion(packageDir: string, env: NodeJS.ProcessEnv = process.env): SliceVersion {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
  if (typeof pkg.name !== 'string' || typeof pkg.version !== 'string') throw new Error(`${packageDir}/package.json has no name or version.`);
  const commit = commitOf(packageDir, env);
  return { name: pkg.name, version: `${pkg.version}+${commit}`, commit };
}

function packageName(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/**
 * The folder of the package called `name` (a slice: `svc-study`, `gateway`), found upwards from `from`: the package
 * that holds `from`, or one beside an ancestor (a workspace package reaching a slice). Code asks this rather than
 * counting `..` from `import.meta.dirname`, which differs between the sources and the built `dist/` (and its chunks).
 */
export function packageDirNamed(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (packageName(dir) === name) return dir;
    if (packageName(join(dir, name)) === name) return join(dir, name);
    if (dirname(dir) === dir) throw new Error(`No package named ${name} holds or sits beside ${from}.`);
  }
}
