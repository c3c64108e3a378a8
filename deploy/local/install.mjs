// Installs npm dependencies when node_modules is missing or older than the lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function ensureInstalled(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  const fresh = !existsSync(join(root, 'node_modules'));
  console.log(`[install] npm ${fresh ? 'ci' : 'install'} (dependencies changed or missing)`);
  const r = spawnSync('npm', fresh ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install failed; see the output above.');
}

export const FRONT_ENDS = ['shell', 'mfe-learn', 'mfe-challenge', 'mfe-billing', 'mfe-admin'];

export function buildFrontEnds(root) {
  const started = Date.now();
  const args = ['run', 'build', ...FRONT_ENDS.filter((w) => existsSync(join(root, w, 'rspack.config.ts')) || existsSync(join(root, w, 'rspack.config.mjs')) || existsSync(join(root, w, 'rspack.config.js'))).flatMap((w) => ['-w', w])];
  if (args.length === 2) return;
  console.log('[build] building the shell and the remotes');
  const r = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) { process.stdout.write(r.stdout); throw new Error('Front-end build failed; see the output above.'); }
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
