// One slice's pipeline (issue 28 §5), the same in CI (.github/workflows/<slice>.yml) and locally:
// `npm run ci -w <slice>` → typecheck and lint of the slice, its build (when it has one), its tests (services start
// their own FerretDB and NATS through the slice's vitest global setup, on LP_SLICE_PORT_OFFSET) and the contract
// compatibility check against the last release. Stops at the first failing step. `.ci/run` still runs everything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { typecheckIncludes } from './pipeline.mjs';
import { repoRoot, workspaces } from './workspaces.mjs';

function run(label, command, args, options = {}) {
  console.log(`\n[ci ${slice}] ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`[ci ${slice}] ${label} failed after ${seconds}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`[ci ${slice}] ${label} passed in ${seconds}s`);
}

/** A tsconfig of the slice alone (its files and what they import), in the ignored .data/ folder. */
function sliceTsconfig(dir) {
  const root = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));
  const folder = join(repoRoot, '.data', 'ci', dir.replaceAll('/', '-'));
  mkdirSync(folder, { recursive: true });
  const fromFolder = (path) => relative(folder, join(repoRoot, path));
  const include = typecheckIncludes(dir, root.include).filter((path) => existsSync(join(repoRoot, path)));
  const path = join(folder, 'tsconfig.json');
  writeFileSync(path, JSON.stringify({ extends: fromFolder('tsconfig.base.json'), include: include.map(fromFolder) }, null, 2));
  return path;
}

const slice = process.argv[2];
const workspace = workspaces().find((w) => w.dir === slice || w.name === slice);
if (!workspace) {
  console.error(`usage: node deploy/ci/slice.mjs <workspace folder>, e.g. svc-feedback (got ${slice ?? 'nothing'})`);
  process.exit(2);
}
const pkg = JSON.parse(readFileSync(join(repoRoot, workspace.dir, 'package.json'), 'utf8'));
const started = Date.now();
run('typecheck', 'npx', ['tsc', '-p', sliceTsconfig(workspace.dir), '--noEmit']);
run('lint', 'npx', ['eslint', workspace.dir]);
if (pkg.scripts?.build) run('build', 'npm', ['run', 'build', '-w', workspace.dir]);
run('tests', 'npm', ['test', '-w', workspace.dir]);
run('contract compatibility', 'npm', ['run', '-s', 'check:compat']);
console.log(`\n[ci ${slice}] passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
