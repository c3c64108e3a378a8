// The sign-in flow store and the signing key on the real FerretDB: a flow is readable until it expires and saving
// sweeps expired ones; two instances starting together agree on one signing key.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInFlowsRepository } from '../../src/repositories/sign-in-flows';
import { SigningKeysRepository } from '../../src/repositories/signing-keys';

let db: Connection;
beforeAll(async () => { db = await testConnection('identity_flows_repo'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

describe('SignInFlowsRepository', () => {
  it('gives a flow back until it expires, and a later save removes the expired one', async () => {
    let now = new Date('2025-06-01T06:00:00.000Z');
    const flows = new SignInFlowsRepository(db, () => now);
    await flows.save('flow-1', '{"state":"a"}', 60_000);
    expect(await flows.live('flow-1')).toBe('{"state":"a"}');
    now = new Date(now.getTime() + 60_000);
    expect(await flows.live('flow-1')).toBeNull();
    await flows.save('flow-2', '{"state":"b"}', 60_000);
    expect(await db.collection('oauth_flows').countDocuments({ _id: 'flow-1' } as never)).toBe(0);
    await flows.remove('flow-2');
    expect(await flows.live('flow-2')).toBeNull();
  });
});

describe('SigningKeysRepository', () => {
  it('stores the first candidate and gives every instance that one', async () => {
    const keys = [new SigningKeysRepository(db), new SigningKeysRepository(db)];
    const [a, b] = await Promise.all([keys[0]!.currentOr({ d: 'first' }, new Date()), keys[1]!.currentOr({ d: 'second' }, new Date())]);
    expect(a).toEqual(b);
    expect(await keys[0]!.currentOr({ d: 'third' }, new Date())).toEqual(a);
  });
});
