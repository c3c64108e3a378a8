// A sign-out racing renewals and activity on two identity replicas: nothing a concurrent write does can bring the
// ended session back (on FerretDB an update of one field can undo a concurrent update of another; an end is an insert).
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUri } from '@lp/service-kit';
import { uniqueDbName } from '@lp/service-kit/testing';
import { DEFAULT_SESSION_LIMITS } from '../../src/config';
import { SessionsRepository } from '../../src/repositories/sessions';

let dbs: mongoose.Connection[];
beforeAll(async () => {
  const name = uniqueDbName('identity');
  dbs = await Promise.all([1, 2].map(() => mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, name)).asPromise()));
});
afterAll(async () => { await Promise.all(dbs.map((db) => db.close())); });

describe('sessions under concurrent writes', () => {
  it('stays ended when a sign-out races renewals and activity, twenty times over', async () => {
    let clockMs = Date.now();
    const clock = () => new Date(clockMs);
    const [a, b] = dbs.map((db) => new SessionsRepository(db, DEFAULT_SESSION_LIMITS, clock)) as [SessionsRepository, SessionsRepository];
    for (let run = 0; run < 20; run++) {
      clockMs += 120_000; // past the once-a-minute activity throttle
      const { session, refreshToken } = await a.start('64d1de000000000000000001');
      const [rotation] = await Promise.all([
        b.rotate(refreshToken),
        a.revoke(session._id),
        b.recordActivity({ ...session, lastSeenAt: new Date(0) }),
        a.recordActivity({ ...session, lastSeenAt: new Date(0) }),
      ]);
      const after = await b.byId(session._id);
      expect(after?.revokedAt, `run ${run}`).toBeInstanceOf(Date);
      expect(a.state(after!)).toBe('revoked');
      if (rotation.kind === 'rotated') expect((await a.byRefreshToken(rotation.refreshToken))?.revokedAt).toBeInstanceOf(Date);
      // The spent token is a reuse from now on, on either replica.
      expect((await a.rotate(refreshToken)).kind).toBe('reused');
    }
  });

  it('gives renewals racing on two replicas with one refresh token the same new token, and the grace is over for both afterwards', async () => {
    let clockMs = Date.now();
    const clock = () => new Date(clockMs);
    const [a, b] = dbs.map((db) => new SessionsRepository(db, DEFAULT_SESSION_LIMITS, clock)) as [SessionsRepository, SessionsRepository];
    for (let run = 0; run < 10; run++) {
      const { refreshToken } = await a.start('64d1de000000000000000002');
      const rotations = await Promise.all([a.rotate(refreshToken), b.rotate(refreshToken), a.rotate(refreshToken), b.rotate(refreshToken)]);
      const tokens = new Set(rotations.map((r) => (r.kind === 'rotated' ? r.refreshToken : r.kind)));
      expect([...tokens], `run ${run}`).toHaveLength(1);
      expect(rotations[0]!.kind).toBe('rotated');
      const [successor] = tokens as Set<string>;
      expect((await b.byRefreshToken(successor))?.revokedAt).toBeNull();
      clockMs += 11_000;
      expect((await b.rotate(refreshToken)).kind).toBe('reused');
    }
  });
});
