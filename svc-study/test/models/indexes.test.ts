// Study reads everything by `_id` except a learner's sessions of a topic (study.rpc.sessionResult): MongoDB needs an
// index for that one. (The kit declares its own: the outbox by createdAt, leases by key, window hits by expiresAt.)
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizSessionModel } from '../../src/models/quiz-session';

let db: Connection;
beforeAll(async () => { db = await testConnection('study_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('indexes sessions by learner, topic and mode', async () => {
  expect(await builtIndexes(quizSessionModel(db))).toContainEqual({ key: { userId: 1, topicId: 1, mode: 1 }, unique: false });
});
