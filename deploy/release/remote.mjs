// `npm run release:remote -- <remote> [--env local|staging|production] [--static-root DIR] [--public-base URL] [--no-build]`
// `npm run rollback:remote -- <remote> --to <version> [--env …] [--static-root DIR] [--public-base URL]`
// Release: build the remote, publish its dist under <static root>/remotes/<remote>/<version>/, point the
// environment's remotes pointer at it. Rollback: point back at a version still published. See deploy/README.md.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { point, publish } from './remotes.mjs';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    env: { type: 'string', default: 'local' },
    'static-root': { type: 'string', default: process.env.STATIC_ROOT ?? repoRoot },
    'public-base': { type: 'string', default: '' },
    to: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const name = positionals[0];
const staticRoot = resolve(values['static-root']);
const options = { staticRoot, env: values.env, name, publicBase: values['public-base'] };

try {
  if (!name) throw new Error('Which remote? e.g. npm run release:remote -- learn --env staging');
  if (command === 'release') {
    if (!values['no-build']) execFileSync('npm', ['run', 'build', '-w', `mfe-${name}`], { cwd: repoRoot, stdio: 'inherit' });
    const { version, published } = await publish({ staticRoot, name, distDir: join(repoRoot, `mfe-${name}`, 'dist') });
    console.log(published ? `published ${name} ${version}` : `${name} ${version} was already published; its files are left as they are`);
    const { previous, current } = await point({ ...options, version });
    console.log(`${values.env}: ${name} now ${current} (was ${previous ?? 'unset'}); roll back with npm run rollback:remote -- ${name} --to <version> --env ${values.env}`);
  } else if (command === 'rollback') {
    if (!values.to) throw new Error('Back to which version? --to <version> (a folder under <static root>/remotes/<remote>/)');
    const { previous, current } = await point({ ...options, version: values.to });
    console.log(`${values.env}: ${name} now ${current} (was ${previous ?? 'unset'})`);
  } else {
    throw new Error(`Unknown command "${command}": release or rollback.`);
  }
} catch (err) {
  console.error(`[${command ?? 'release'}:remote] ${err.message}`);
  process.exit(1);
}
