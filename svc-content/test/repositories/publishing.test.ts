// Publishing's writes on the real FerretDB, with the unique indexes built: two publishers racing on the same new
// topic and its questions end with one topic and one copy of each question (a unique insert wins, the other
// retries and finds it), and publishing the questions again changes only what changed.
import { testConnection } from '@lp/service-kit/testing';
import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentModels } from '../../src/models';
import { PublishingRepository } from '../../src/repositories/publishing';

let db: Connection;
let publishing: PublishingRepository;
beforeAll(async () => {
  db = await testConnection('content_publishing');
  await contentModels(db);
  publishing = new PublishingRepository(db);
});
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

const question = (n: number, correctAnswer = 'True') => ({
  question: `Statement ${n} is true?`, type: 'true_false' as const, options: ['True', 'False'], correctAnswer,
  explanation: `Because of ${n}.`, difficulty: 2, figureReference: null, hash: `hash-${n}`,
});

it('gives two racing publishers of a new topic one topic and one copy of each question', async () => {
  const subjectId = new Types.ObjectId();
  const chapterId = new Types.ObjectId();
  const questions = [question(1), question(2), question(3)];
  const publish = async () => {
    const { topic, created } = await publishing.publishTopic(chapterId, subjectId, 'Racing Topic', 'A topic two publishers store at once.');
    return publishing.publishQuestions({ topicId: topic._id, chapterId, subjectId, created }, questions);
  };
  const [first, second] = await Promise.all([publish(), publish()]);
  const ids = (stored: typeof first) => stored.map((q) => String(q._id)).sort();
  expect(ids(first)).toEqual(ids(second));
  expect(await db.collection('topics').countDocuments({ chapterId })).toBe(1);
  expect(await db.collection('questions').countDocuments({ chapterId })).toBe(3);
});

it('updates a changed question in place and adds a new one after the last', async () => {
  const subjectId = new Types.ObjectId();
  const chapterId = new Types.ObjectId();
  const { topic, created } = await publishing.publishTopic(chapterId, subjectId, 'Edited Topic', null);
  const before = await publishing.publishQuestions({ topicId: topic._id, chapterId, subjectId, created }, [question(1), question(2)]);
  const again = await publishing.publishTopic(chapterId, subjectId, 'Edited Topic', null);
  expect(again).toMatchObject({ created: false, topic: { _id: topic._id } });
  const after = await publishing.publishQuestions({ topicId: topic._id, chapterId, subjectId, created: again.created }, [question(1, 'False'), question(2), question(3)]);
  const byHash = new Map(after.map((q) => [q.hash, q]));
  expect(String(byHash.get('hash-1')!._id)).toBe(String(before.find((q) => q.hash === 'hash-1')!._id));
  expect(byHash.get('hash-3')!.order).toBe(3);
  const stored = await db.collection('questions').findOne({ topicId: topic._id, hash: 'hash-1' });
  expect(stored).toMatchObject({ correctAnswer: 'False' });
  expect(await db.collection('questions').countDocuments({ topicId: topic._id })).toBe(3);
});
