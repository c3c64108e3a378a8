// A remote's release and rollback (deploy/release/remotes.mjs) on a throwaway static root: publish, point, roll
// back; published versions stay; the pointer is replaced whole, by a rename.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { point, pointerFile, publish, readPointer, versionDir } from '../release/remotes.mjs';

const work = mkdtempSync(join(tmpdir(), 'lp-release-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const staticRoot = join(work, 'static');

/** A remote's dist as the front-end build leaves it (version.json from packages/web-platform/build). */
function build(version, entry) {
  const dist = join(work, `dist-${version}`);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'version.json'), JSON.stringify({ name: 'mfe-learn', version, commit: version.split('+')[1] }));
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'learn', entry }));
  writeFileSync(join(dist, 'remoteEntry.js'), entry);
  writeFileSync(join(dist, 'assets', 'logo.0a1b2c3d4e.svg'), '<svg/>');
  return dist;
}
const pointer = (env) => JSON.parse(readFileSync(pointerFile(staticRoot, env), 'utf8'));

describe('release:remote and rollback:remote', () => {
  it('publishes a build under its version and points the environment at it, the other remotes as in base + overlay', async () => {
    expect(await publish({ staticRoot, name: 'learn', distDir: build('0.1.0+aaaaaaa', 'var learn1;') })).toEqual({ version: '0.1.0+aaaaaaa', published: true });
    expect(readFileSync(join(versionDir(staticRoot, 'learn', '0.1.0+aaaaaaa'), 'remoteEntry.js'), 'utf8')).toBe('var learn1;');
    expect(readFileSync(join(versionDir(staticRoot, 'learn', '0.1.0+aaaaaaa'), 'assets', 'logo.0a1b2c3d4e.svg'), 'utf8')).toBe('<svg/>');

    await point({ staticRoot, env: 'local', name: 'learn', version: '0.1.0+aaaaaaa' });
    expect(pointer('local')).toEqual({
      learn: '/remotes/learn/0.1.0+aaaaaaa/mf-manifest.json',
      challenge: '/remotes/challenge/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('releases the next version (the previous files stay), then rolls back to the previous one', async () => {
    await publish({ staticRoot, name: 'learn', distDir: build('0.1.1+bbbbbbb', 'var learn2;') });
    const before = statSync(pointerFile(staticRoot, 'local')).ino;
    expect(await point({ staticRoot, env: 'local', name: 'learn', version: '0.1.1+bbbbbbb' }))
      .toEqual({ previous: '/remotes/learn/0.1.0+aaaaaaa/mf-manifest.json', current: '/remotes/learn/0.1.1+bbbbbbb/mf-manifest.json' });
    // Replaced by a rename (a new file), not rewritten in place; no temporary file left beside it.
    expect(statSync(pointerFile(staticRoot, 'local')).ino).not.toBe(before);
    expect(readdirSync(join(staticRoot, 'remotes')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(join(versionDir(staticRoot, 'learn', '0.1.0+aaaaaaa'), 'remoteEntry.js'), 'utf8')).toBe('var learn1;');

    await point({ staticRoot, env: 'local', name: 'learn', version: '0.1.0+aaaaaaa' }); // the rollback
    expect(pointer('local').learn).toBe('/remotes/learn/0.1.0+aaaaaaa/mf-manifest.json');
    expect(readFileSync(join(versionDir(staticRoot, 'learn', '0.1.1+bbbbbbb'), 'remoteEntry.js'), 'utf8')).toBe('var learn2;');
  });

  it('never rewrites a published version, and refuses to point at a version that is not published (the pointer unchanged)', async () => {
    expect(await publish({ staticRoot, name: 'learn', distDir: build('0.1.0+aaaaaaa', 'var changed;') })).toEqual({ version: '0.1.0+aaaaaaa', published: false });
    expect(readFileSync(join(versionDir(staticRoot, 'learn', '0.1.0+aaaaaaa'), 'remoteEntry.js'), 'utf8')).toBe('var learn1;');
    const current = readFileSync(pointerFile(staticRoot, 'local'), 'utf8');
    await expect(point({ staticRoot, env: 'local', name: 'learn', version: '9.9.9+missing' })).rejects.toThrow(/not published/);
    await expect(point({ staticRoot, env: 'local', name: 'learn', version: '../../etc' })).rejects.toThrow(/is not a version/);
    await expect(point({ staticRoot, env: 'qa', name: 'learn', version: '0.1.0+aaaaaaa' })).rejects.toThrow(/Unknown environment/);
    expect(readFileSync(pointerFile(staticRoot, 'local'), 'utf8')).toBe(current);
  });

  it('keeps each environment its own pointer, the first one starting from base.json plus that environment overlay', async () => {
    const overlays = join(work, 'overlays');
    mkdirSync(overlays);
    writeFileSync(join(overlays, 'base.json'), JSON.stringify({ learn: '/remotes/learn/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' }));
    writeFileSync(join(overlays, 'staging.json'), JSON.stringify({ admin: 'https://cdn.example/admin/mf-manifest.json' }));
    expect(await readPointer(staticRoot, 'staging', overlays)).toEqual({ learn: '/remotes/learn/mf-manifest.json', admin: 'https://cdn.example/admin/mf-manifest.json' });
    await point({ staticRoot, env: 'staging', name: 'learn', version: '0.1.1+bbbbbbb', publicBase: 'https://cdn.example', overlays });
    expect(pointer('staging')).toEqual({ learn: 'https://cdn.example/remotes/learn/0.1.1+bbbbbbb/mf-manifest.json', admin: 'https://cdn.example/admin/mf-manifest.json' });
    expect(pointer('local').learn).toBe('/remotes/learn/0.1.0+aaaaaaa/mf-manifest.json'); // local untouched
  });

  it("the repository's base.json is the gateway's default map (a fresh clone serves the same /remotes.json)", async () => {
    const { DEFAULT_REMOTES } = await import('../../gateway/src/remotes.ts');
    expect(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'remotes', 'base.json'), 'utf8'))).toEqual(DEFAULT_REMOTES);
  });
});
