// ChallengesRepository on the real FerretDB: a challenge by its token (none for another), the sent and inbox lists, and
// uses capped at maxUses when finishes race on two connections (two replicas).
import { databaseUri } from '@lp/service-kit';
import { uniqueDbName } from '@lp/service-kit/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeDoc } from '../../src/models/challenge';
import { ChallengesRepository } from '../../src/repositories/challenges';

let dbs: Connection[];
beforeAll(async () => {
  const name = uniqueDbName('challenge_challenges_repo');
  dbs = await Promise.all([1, 2].map(() => mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, name)).asPromise()));
});
afterAll(async () => { await dbs?.[0]?.dropDatabase(); await Promise.all((dbs ?? []).map((db) => db.close())); });

describe('ChallengesRepository', () => {
  it('finds a challenge by its token, lists it as sent and received, and finds nothing for another token', async () => {
    const challenges = new ChallengesRepository(dbs[0]!);
    await challenges.ready;
    const doc: ChallengeDoc = {
      _id: new Types.ObjectId(), token: `tok${Date.now()}`, kind: 'direct', challengerId: 'alice', challengerName: 'Alice', challengedId: 'bob',
      challengedName: 'Bob', sessionId: 's', chapterId: null, topicId: null, challengerScore: 80, challengerTime: 60,
      challengerCorrectAnswers: 4, challengerTotalQuestions: 5, questions: [], message: null, maxUses: 1,
      expiresAt: new Date(Date.now() + 86_400_000), createdAt: new Date(),
    };
    await challenges.create(doc);
    expect((await challenges.byToken(doc.token))?._id.toHexString()).toBe(doc._id.toHexString());
    expect(await challenges.byToken('unknown')).toBeNull();
    expect(await challenges.latestSent('alice', 20)).toEqual([doc._id.toHexString()]);
    expect(await challenges.latestReceived('bob', 20)).toEqual([doc._id.toHexString()]);
  });

  it('hands out at most maxUses uses when ten finishes race on two replicas, and a retry its own number back', async () => {
    const repos = dbs.map((db) => new ChallengesRepository(db));
    await Promise.all(repos.map((r) => r.ready));
    const id = new Types.ObjectId().toHexString();
    const at = new Date();
    const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => repos[i % 2]!.takeUse(id, `a${i}`, { max: 3, at })));
    expect(taken.filter((n) => n !== null).sort()).toEqual([1, 2, 3]);
    const holder = `a${taken.findIndex((n) => n === 2)}`;
    expect(await repos[0]!.takeUse(id, holder, { max: 3, at })).toBe(2);
    expect(await repos[1]!.uses(id)).toBe(3);
    expect(await repos[1]!.usedBy(id, 3)).toHaveLength(3);
  });
});
