// AttemptsRepository on the real FerretDB: one attempt per player and one counted answer per question when starts and
// answers race on two connections (two replicas), and a claim decided once.
import { databaseUri } from '@lp/service-kit';
import { uniqueDbName } from '@lp/service-kit/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptDoc } from '../../src/models/attempt';
import { AttemptsRepository } from '../../src/repositories/attempts';

let dbs: Connection[];
beforeAll(async () => {
  const name = uniqueDbName('challenge_attempts_repo');
  dbs = await Promise.all([1, 2].map(() => mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, name)).asPromise()));
});
afterAll(async () => { await dbs?.[0]?.dropDatabase(); await Promise.all((dbs ?? []).map((db) => db.close())); });

const attemptAt = (challengeId: string): AttemptDoc => ({
  _id: new Types.ObjectId(), challengeId, userId: null, guestName: 'Ravi', name: 'Ravi', keyHash: 'h', startedAt: new Date(),
});

describe('AttemptsRepository', () => {
  it('gives a player exactly one attempt of a challenge when ten starts race on two replicas', async () => {
    const repos = dbs.map((db) => new AttemptsRepository(db));
    const challengeId = new Types.ObjectId().toHexString();
    const starts = Array.from({ length: 10 }, (_, i) => repos[i % 2]!.start(attemptAt(challengeId), 'browser:abc'));
    expect((await Promise.all(starts)).filter(Boolean)).toHaveLength(1);
    // Another player of the same challenge still gets theirs.
    expect(await repos[0]!.start(attemptAt(challengeId), 'browser:def')).toBe(true);
  });

  it('counts only the first answer to a question, however many race', async () => {
    const repos = dbs.map((db) => new AttemptsRepository(db));
    const attemptId = new Types.ObjectId().toHexString();
    const answers = Array.from({ length: 8 }, (_, i) => repos[i % 2]!.recordAnswer(attemptId, 'q1', { answer: i, isCorrect: i === 0, at: new Date() }));
    expect((await Promise.all(answers)).filter(Boolean)).toHaveLength(1);
    const [q1, q2] = await repos[0]!.firstAnswers(attemptId, ['q1', 'q2']);
    expect(q1).not.toBeNull();
    expect(q2).toBeNull();
  });

  it('decides a claim once: the first account keeps it', async () => {
    const repos = dbs.map((db) => new AttemptsRepository(db));
    const attemptId = new Types.ObjectId().toHexString();
    const [a, b] = await Promise.all([
      repos[0]!.decideClaim(attemptId, { userId: 'u1', claimedAt: new Date().toISOString() }),
      repos[1]!.decideClaim(attemptId, { userId: 'u2', claimedAt: new Date().toISOString() }),
    ]);
    expect(a.userId).toBe(b.userId);
    expect((await repos[0]!.claim(attemptId))?.userId).toBe(a.userId);
  });

  it('finds no attempt for a malformed id', async () => {
    expect(await new AttemptsRepository(dbs[0]!).byId('not-an-id')).toBeNull();
  });
});
