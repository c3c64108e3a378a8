// The learner document's repository on the real FerretDB: a change is stored in the document's compact shape and
// read back as it was meant, a learner of the old single collection is carried over on the first write, and changes
// racing on two replicas are all kept (one writer at a time, under the learner's lease).
import { Leases, databaseUri } from '@lp/service-kit';
import { testConnection } from '@lp/service-kit/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedKey, newChapter } from '../../src/domain/learner-state';
import { learnerCollection } from '../../src/models/learner';
import { LearnersRepository } from '../../src/repositories/learners';

let db: Connection;
let other: Connection;
beforeAll(async () => {
  db = await testConnection('study_learners_repo');
  // A second replica: its own connection to the same database.
  other = await mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, db.name)).asPromise();
});
afterAll(async () => { await other?.close(); await db?.dropDatabase(); await db?.close(); });

const newId = () => new Types.ObjectId().toHexString();
const stored = (database: Connection, userId: string) => database.collection(learnerCollection(userId)).findOne({ _id: userId } as never);

describe('LearnersRepository', () => {
  it('stores a change compactly and reads back what was written', async () => {
    const learners = new LearnersRepository(db, new Leases(db));
    const userId = newId();
    const at = new Date('2025-06-01T06:00:00.000Z');
    const mistake = { wrongCount: 2, lastWrongAt: at, chapterId: 'c1', topicId: 't1', subjectId: 's1' };
    await learners.change(userId, () => ({
      change: {
        totalQuestions: 3, activeDays: ['2025-06-01'], appliedKeys: [appliedKey('a1')], chapters: { c1: newChapter(at, 3, 2) },
        mistakes: { q1: mistake }, openedSessions: { s1: { mode: 'full', topicId: null, chapterId: 'c1', startedAt: at } },
      },
    }));
    const result = await learners.change(userId, (learner) => ({
      change: { chapterCounts: { c1: { totalQuestions: learner.chapters.c1!.totalQuestions + 1, questionsCorrect: 3 } }, closedSessions: ['s1'] },
      result: learner.openSessions.s1?.chapterId,
    }));
    expect(result).toBe('c1');

    const learner = await learners.get(userId);
    expect(learner).toMatchObject({ totalQuestions: 3, activeDays: ['2025-06-01'], appliedKeys: [appliedKey('a1')], mistakes: { q1: mistake }, openSessions: {} });
    expect(learner.chapters.c1).toMatchObject({ totalQuestions: 4, questionsCorrect: 3 });
    const raw = await stored(db, userId);
    expect(typeof raw?.mistakes).toBe('string');
    expect(raw?.applied).toBe(appliedKey('a1'));
  });

  it('writes nothing for a null change and gives the decision its result', async () => {
    const learners = new LearnersRepository(db, new Leases(db));
    const userId = newId();
    expect(await learners.change(userId, () => ({ change: null, result: 7 }))).toBe(7);
    expect(await learners.get(userId)).toMatchObject({ totalQuestions: 0, quizzesCompleted: 0 });
  });

  it('carries a learner of the old single collection over on the first write', async () => {
    const userId = newId();
    await db.collection('learners').insertOne({ _id: userId, role: 'learner', quizzesCompleted: 3, totalQuestions: 9, recentAnswerIds: ['old-answer'] } as never);
    const learners = new LearnersRepository(db, new Leases(db));
    expect(await learners.get(userId)).toMatchObject({ quizzesCompleted: 3, appliedKeys: [appliedKey('old-answer')] });
    await learners.change(userId, (learner) => ({ change: { quizzesCompleted: learner.quizzesCompleted + 1, appliedKeys: [...learner.appliedKeys, appliedKey('new')] } }));
    const raw = await stored(db, userId);
    expect(raw).toMatchObject({ quizzesCompleted: 4, totalQuestions: 9, role: 'learner', applied: appliedKey('old-answer') + appliedKey('new') });
    expect(raw).not.toHaveProperty('recentAnswerIds');
  });

  it('keeps every change of one learner made on two replicas at once', async () => {
    const replicas = [db, other].map((c) => new LearnersRepository(c, new Leases(c)));
    const userId = newId();
    await Promise.all(Array.from({ length: 12 }, (_, i) => replicas[i % 2]!.change(userId, (learner) => ({ change: { quizzesCompleted: learner.quizzesCompleted + 1 } }))));
    expect((await replicas[0]!.get(userId)).quizzesCompleted).toBe(12);
  });
});
