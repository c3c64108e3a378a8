// The indexes content's queries need on MongoDB (every filter not on `_id`, with the sorts they read in),
// declared on the models and built.
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentModels } from '../../src/models';

let db: Connection;
beforeAll(async () => { db = await testConnection('content_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('declares and builds an index for each query of the catalogue, the quizzes and the sweeps', async () => {
  const m = await contentModels(db);
  const expected = new Map<{ init(): Promise<unknown> }, Array<{ key: Record<string, number>; unique: boolean }>>([
    [m.Subject, [{ key: { className: 1, name: 1 }, unique: true }, { key: { className: 1, order: 1, name: 1 }, unique: false }]],
    [m.Chapter, [{ key: { subjectId: 1, name: 1 }, unique: true }, { key: { slug: 1 }, unique: false }, { key: { subjectId: 1, order: 1, name: 1 }, unique: false }]],
    [m.Topic, [{ key: { chapterId: 1, name: 1 }, unique: true }, { key: { chapterId: 1, order: 1 }, unique: false }]],
    [m.Question, [{ key: { topicId: 1, hash: 1 }, unique: true }, { key: { chapterId: 1, order: 1 }, unique: false }, { key: { topicId: 1, order: 1 }, unique: false }]],
    [m.SampleIssue, [{ key: { expiresAt: 1 }, unique: false }]],
    [m.PdfJob, [{ key: { updatedAt: 1 }, unique: false }]],
  ]);
  for (const [model, indexes] of expected) {
    const built = await builtIndexes(model as Parameters<typeof builtIndexes>[0]);
    for (const index of indexes) expect(built).toContainEqual(index);
  }
});
