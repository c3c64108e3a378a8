import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitOf, packageDirNamed, readSliceVersion } from '../src/version';

const outsideGit = mkdtempSync(join(tmpdir(), 'lp-version-'));
writeFileSync(join(outsideGit, 'package.json'), JSON.stringify({ name: 'svc-example', version: '1.4.2' }));
afterAll(() => rmSync(outsideGit, { recursive: true, force: true }));

describe('a slice version', () => {
  it('is the package version plus the commit the image build passed as LP_COMMIT (production images have no .git)', () => {
    expect(readSliceVersion(outsideGit, { LP_COMMIT: '3f2c1ab' })).toEqual({ name: 'svc-example', version: '1.4.2+3f2c1ab', commit: '3f2c1ab' });
  });

  it('says unknown for a folder that is not a git checkout and no LP_COMMIT', () => {
    expect(readSliceVersion(outsideGit, {})).toEqual({ name: 'svc-example', version: '1.4.2+unknown', commit: 'unknown' });
  });

  it("reads the checkout's commit with git when LP_COMMIT is not set", () => {
    const repo = join(import.meta.dirname, '..');
    let head = 'unknown';
    try {
      head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
    } catch {
      // a copy without git: the version says unknown, as checked above
    }
    expect(commitOf(repo, {})).toBe(head);
    expect(readSliceVersion(repo, { LP_COMMIT: '' }).version).toBe(`0.1.0+${head}`);
  });

  it('refuses a package.json without a version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-version-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x' }));
    try {
      expect(() => readSliceVersion(dir, {})).toThrow(/no name or version/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a slice's folder, found from the code's own place", () => {
  const repo = mkdtempSync(join(tmpdir(), 'lp-layout-'));
  const write = (dir: string, name: string) => {
    mkdirSync(join(repo, dir), { recursive: true });
    writeFileSync(join(repo, dir, 'package.json'), JSON.stringify({ name, version: '0.1.0' }));
  };
  write('.', 'learnplatform');
  write('svc-study', 'svc-study');
  write('packages/service-kit', '@lp/service-kit');
  mkdirSync(join(repo, 'svc-study/dist/chunks'), { recursive: true });
  mkdirSync(join(repo, 'packages/service-kit/src/events'), { recursive: true });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('is the same from the sources, from dist/ and from a chunk of dist/', () => {
    expect(packageDirNamed('svc-study', join(repo, 'svc-study/dist'))).toBe(join(repo, 'svc-study'));
    expect(packageDirNamed('svc-study', join(repo, 'svc-study/dist/chunks'))).toBe(join(repo, 'svc-study'));
    // The kit's sources reach the slice beside packages/.
    expect(packageDirNamed('svc-study', join(repo, 'packages/service-kit/src/events'))).toBe(join(repo, 'svc-study'));
  });

  it('says which package it could not find', () => {
    expect(() => packageDirNamed('svc-missing', join(repo, 'svc-study/dist'))).toThrow(/No package named svc-missing/);
  });
});
