// Issue 28 §5: one pipeline per slice, run only by changes to that slice or the packages it uses. The committed
// workflows are what deploy/ci/workflows.mjs writes, each one's filter covers the packages in its package.json
// (followed through the packages) and no other slice, and each workspace runs it locally as `npm run ci -w <dir>`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { triggerPaths, typecheckIncludes, workflowName, workflowOf } from '../ci/pipeline.mjs';
import { pipelined, workflowsDir } from '../ci/workflows.mjs';
import { isSlice, repoRoot, workspaces } from '../ci/workspaces.mjs';

const all = workspaces();
const dirOfPackage = new Map(all.map((w) => [w.name, w.dir]));
const packageJson = (dir) => JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));

/** Whether a GitHub `paths` glob matches a file path (`**` any depth, `*` within a segment). */
function matches(glob, path) {
  const pattern = glob.split('**').map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')).join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}
const triggers = (workspace, path) => triggerPaths(workspace).some((glob) => matches(glob, path));

describe('a pipeline per slice', () => {
  it('has every workflow written from the package.json files, and no other (run `node deploy/ci/workflows.mjs`)', () => {
    const expected = pipelined().map((w) => `${workflowName(w)}.yml`).sort();
    expect(readdirSync(workflowsDir).sort()).toEqual(expected);
    for (const w of pipelined()) expect(readFileSync(join(workflowsDir, `${workflowName(w)}.yml`), 'utf8')).toBe(workflowOf(w));
    expect(expected).toEqual(expect.arrayContaining(['svc-feedback.yml', 'gateway.yml', 'shell.yml', 'mfe-learn.yml']));
  });

  it.each(pipelined().map((w) => [w.dir, w]))('%s runs on its own files and on every @lp package it uses, directly or through another', (dir, w) => {
    const { dependencies = {}, devDependencies = {} } = packageJson(dir);
    const direct = Object.keys({ ...dependencies, ...devDependencies }).filter((name) => dirOfPackage.has(name)).map((name) => dirOfPackage.get(name));
    expect(w.localDeps).toEqual(expect.arrayContaining(direct));
    for (const dep of [dir, ...w.localDeps]) expect(triggers(w, `${dep}/src/index.ts`), `${dep}`).toBe(true);
    expect(triggers(w, 'package-lock.json')).toBe(true);
  });

  it('does not run on another slice\'s changes, nor on a package the slice does not use', () => {
    const feedback = all.find((w) => w.dir === 'svc-feedback');
    const learn = all.find((w) => w.dir === 'mfe-learn');
    for (const other of all.filter((w) => isSlice(w.dir) && w.dir !== 'svc-feedback')) expect(triggers(feedback, `${other.dir}/src/server.ts`)).toBe(false);
    expect(triggers(feedback, 'packages/web-platform/src/api.ts')).toBe(false);
    expect(triggers(feedback, 'packages/ui/src/Button.tsx')).toBe(false);
    expect(triggers(learn, 'packages/service-kit/src/service.ts')).toBe(false);
    expect(triggers(learn, 'packages/ui/src/Button.tsx')).toBe(true); // through @lp/ui, as mfe-learn's package.json says
  });

  it.each(pipelined().map((w) => [w.dir]))('%s has `npm run ci` calling the one shared pipeline script', (dir) => {
    const { scripts } = packageJson(dir);
    const up = dir.split('/').map(() => '..').join('/');
    expect(scripts.ci).toBe(`node ${up}/deploy/ci/slice.mjs ${dir}`);
    expect(existsSync(join(repoRoot, dir, up, 'deploy/ci/slice.mjs'))).toBe(true);
  });

  it('typechecks a slice with the root tsconfig\'s patterns that cover it', () => {
    const include = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')).include;
    expect(typecheckIncludes('svc-feedback', include)).toEqual(['svc-feedback/src', 'svc-feedback/test']);
    expect(typecheckIncludes('shell', include)).toEqual(['shell/src', 'shell/test', 'shell/scripts']);
    expect(typecheckIncludes('packages/contracts', include)).toEqual(['packages/contracts/src', 'packages/contracts/test', 'packages/contracts/compat']);
  });
});
