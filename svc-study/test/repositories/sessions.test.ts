// Sessions and completions on the real FerretDB: a session started before string ids (an ObjectId _id) is still
// found, a removed session is forgotten by the replica that removed it, and a completion is decided once whichever
// replica asks first.
import { databaseUri } from '@lp/service-kit';
import { testConnection } from '@lp/service-kit/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizSessionDoc, SessionCompletion } from '../../src/models/quiz-session';
import { CompletionsRepository } from '../../src/repositories/completions';
import { SessionsRepository } from '../../src/repositories/sessions';

let db: Connection;
let other: Connection;
beforeAll(async () => {
  db = await testConnection('study_sessions_repo');
  // A second replica: its own connection to the same database.
  other = await mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, db.name)).asPromise();
});
afterAll(async () => { await other?.close(); await db?.dropDatabase(); await db?.close(); });

const session = (id: string): QuizSessionDoc => ({
  _id: id, userId: new Types.ObjectId().toHexString(), mode: 'full', topicId: null, chapterId: 'c1', subjectId: 's1',
  questionIds: ['q1', 'q2'], questionsCount: 2, trial: false, completionCloses: true, createdAt: new Date(),
});
const completion = (correctAnswers: number): SessionCompletion => ({
  questionsAnswered: 2, correctAnswers, wrongQuestionIds: [], percentage: correctAnswers * 50, timeSpent: 30, completedAt: new Date().toISOString(),
});

describe('SessionsRepository', () => {
  it('finds a session by its string id, and one stored with an ObjectId by that id as hex', async () => {
    const sessions = new SessionsRepository(db);
    const fresh = session(new Types.ObjectId().toHexString());
    await sessions.create(fresh);
    expect((await sessions.byId(fresh._id))?.userId).toBe(fresh.userId);
    const old = new Types.ObjectId();
    await db.collection('sessions').insertOne({ ...session('x'), _id: old } as never);
    expect(String((await sessions.byId(old.toHexString()))?._id)).toBe(old.toHexString());
  });

  it('forgets a removed session on the replica that removed it', async () => {
    const sessions = new SessionsRepository(db);
    const doc = session(new Types.ObjectId().toHexString());
    await sessions.create(doc);
    expect(await sessions.byId(doc._id)).not.toBeNull();
    await sessions.remove(doc);
    expect(await sessions.byId(doc._id)).toBeNull();
  });
});

describe('CompletionsRepository', () => {
  it('keeps the first decision of two replicas deciding at once, and both return it', async () => {
    const [a, b] = [db, other].map((c) => new CompletionsRepository(c)) as [CompletionsRepository, CompletionsRepository];
    const sid = new Types.ObjectId().toHexString();
    expect(await a.get(sid)).toBeNull();
    const [first, second] = await Promise.all([a.decide(sid, completion(2)), b.decide(sid, completion(1))]);
    expect([first.first, second.first].filter(Boolean)).toHaveLength(1);
    expect(first.value).toEqual(second.value);
    expect(await new CompletionsRepository(db).get(sid)).toEqual(first.value);
  });
});
