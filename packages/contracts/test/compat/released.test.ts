// Issue 28 §3 in `npm test`: the working tree keeps every promise of the last release (the committed snapshot, and
// the newest `release-<n>` tag when the clone has tags), and a deliberate break in a fixture fails the check and
// names the slices it breaks.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAgainst, SNAPSHOT } from '../../compat/check';
import { importedContractNames } from '../../compat/consumers';
import { readSnapshot, RELEASE_TAG, releaseTags, repoRoot } from '../../compat/load';

describe('the contracts against the last release', () => {
  it('keep every promise of the committed release snapshot', async () => {
    const result = await checkAgainst(SNAPSHOT);
    expect(result.text).toBe(`contracts: compatible with the release snapshot (release ${readSnapshot()!.release})`);
  });

  it('keep every promise of the newest release tag, which the snapshot is not older than (a clone without tags has only the snapshot)', async () => {
    const tag = releaseTags()[0];
    const snapshot = readSnapshot()!;
    expect(snapshot.tag).toMatch(RELEASE_TAG);
    if (!tag) return;
    expect(snapshot.release).toBeGreaterThanOrEqual(Number(RELEASE_TAG.exec(tag)![1]));
    expect((await checkAgainst(tag)).breaks).toEqual([]);
  });
});

describe('a deliberate breaking change', () => {
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const fixture = mkdtempSync(join(repoRoot, '.data', 'compat-fixture-'));
  const contracts = join(fixture, 'packages', 'contracts');
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  /** The working tree's contracts with one edit: fails loudly when the edited text is gone. */
  function edit(file: string, from: string, to: string) {
    const path = join(contracts, 'src', file);
    const source = readFileSync(path, 'utf8');
    expect(source).toContain(from);
    writeFileSync(path, source.replace(from, to));
  }

  it('fails `npm run check:compat` and names the slices that consume what broke', () => {
    cpSync(join(repoRoot, 'packages', 'contracts', 'src'), join(contracts, 'src'), { recursive: true });
    edit('events.ts', '  role: Role,\n  profileImageUrl', '  profileImageUrl'); // identity.user.upserted loses `role`
    edit('events.ts', '  /** When the last token naming this session (or elevation) expires: forget it after. */\n  expiresAt: DateTime,\n', ''); // read through the kit
    edit('push.ts', "Type.Literal('closing', { description: 'the gateway is shutting down: reconnect' }),", "Type.Literal('closing'), Type.Literal('moved'),"); // a reason old tabs do not know
    edit('study.ts', "url: '/api/answers',\n  owner: 'study',\n  access: 'public',", "url: '/api/answers',\n  owner: 'study',\n  access: 'user',"); // sign-in now needed
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/contracts/scripts/check-compat.ts', SNAPSHOT, '--tree', contracts], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    const consumersOf = (what: string) => lines[lines.findIndex((l) => l.includes(what)) + 1];
    expect(consumersOf('event identity.user.upserted, data: field-removed at role')).toBe('      owner svc-identity; consumed by svc-study, svc-challenge, svc-feedback');
    expect(consumersOf('route POST /api/answers (SubmitAnswer), access: access-narrowed')).toBe('      owner svc-study; consumed by mfe-learn');
    expect(consumersOf('event identity.session.ended, data: field-removed at expiresAt')).toContain('svc-content (via @lp/service-kit)');
    expect(consumersOf('message PushEnd, data: widened at reason: "moved" is a new value')).toContain('shell (via @lp/web-platform)');
  });
});

describe('finding consumers in source', () => {
  it('reads the names a file imports from the contracts, types and aliases included', () => {
    const source = [
      "import { GetChapter, type BodyOf, SubmitAnswer as Submit } from '@lp/contracts/urls';",
      "import type { User } from '@lp/contracts';",
      "import * as C from '@lp/contracts';",
      'const x = C.ListDownloads;',
      "import { Other } from './elsewhere';",
    ].join('\n');
    expect(importedContractNames(source).sort()).toEqual(['BodyOf', 'GetChapter', 'ListDownloads', 'SubmitAnswer', 'User']);
  });
});
