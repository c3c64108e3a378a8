import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, uniqueDbName, type TestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentModels } from '../../src/models';
import { publishTree } from '../../src/publishing/publish-tree';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, fixtureTree, publishedEvents } from '../support/harness';

let keys: TestKeys;
const open: ServiceApp[] = [];
const start = async (dbName: string, seed = true) => {
  const app = await buildContent(keys, { seed }, dbName);
  open.push(app);
  return app;
};
const stop = async (app: ServiceApp) => {
  open.splice(open.indexOf(app), 1);
  await app.close();
};

vi.setConfig({ testTimeout: 120_000 });
beforeAll(async () => { keys = await createTestKeys(); });
afterAll(async () => { await Promise.all(open.map((a) => a.close())); });

describe('the demo question bank', () => {
  const dbName = uniqueDbName('content');

  it('is published at start when the database is empty, with the catalogue\u2019s chapters and Coming Soon subjects', async () => {
    const since = new Date(Date.now() - 1000);
    const app = await start(dbName);
    const m = await contentModels(app.db);
    expect(await m.Question.countDocuments()).toBe(807);
    expect(await m.Subject.countDocuments()).toBe(9);
    const chapters = await m.Chapter.find().lean();
    expect(chapters.length).toBe(67);
    expect(chapters.filter((c) => c.questionCount > 0)).toHaveLength(32);
    expect(await m.SeedRun.findById('demo-bank').lean()).toMatchObject({ state: 'done' });

    const comingSoon = await m.Subject.find({ comingSoon: true }).sort({ order: 1 }).lean();
    expect(comingSoon.map((s) => `${s.className} ${s.name}`)).toEqual(['CBSE Class 11 Biology', 'CBSE Class 11 Physics', 'CBSE Class 11 Chemistry']);

    const biologyIds = new Set(chapters.filter((c) => c.slug.startsWith('class-12-biology-') && c.questionCount > 0).map((c) => String(c._id)));
    expect(biologyIds.size).toBe(7);
    const events = await publishedEvents(app, since, (e) => biologyIds.has(e.data.chapterId));
    expect(events).toHaveLength(7);
    expect(events.reduce((sum, e) => sum + e.data.questionCount, 0)).toBe(157);

    // The dashboard call shows the whole NCERT list, chapters without questions included.
    const dashboard = (await app.inject('/api/subjects/with-chapters?className=CBSE%20Class%2012')).json();
    expect(dashboard.map((s: { name: string }) => s.name)).toEqual(['Biology', 'Physics', 'Chemistry']);
    expect(dashboard[0].chapters.map((c: { order: number }) => c.order)).toEqual(Array.from({ length: dashboard[0].chapters.length }, (_, i) => i + 1));
    expect(dashboard[0].chapters[0]).toMatchObject({ name: 'Sexual Reproduction in Flowering Plants', questionCount: 25 });
    // Class X Science: every NCERT chapter has questions, published through the real path (issue 30 §1).
    const classX = (await app.inject('/api/subjects/with-chapters?className=CBSE%20Class%2010')).json();
    const science = classX.find((s: { name: string }) => s.name === 'Science');
    expect(science.chapters.map((c: { questionCount: number }) => c.questionCount)).toEqual([31, 34, 30, 31, 30, 30, 30, 28, 29, 30, 31, 31, 31]);
    const classXI = (await app.inject('/api/subjects/with-chapters?className=CBSE%20Class%2011')).json();
    expect(classXI).toEqual([
      expect.objectContaining({ name: 'Biology', comingSoon: true, chapters: [] }),
      expect.objectContaining({ name: 'Physics', comingSoon: true, chapters: [] }),
      expect.objectContaining({ name: 'Chemistry', comingSoon: true, chapters: [] }),
    ]);
    await stop(app);
  });

  it('is not published again at the next start', async () => {
    const first = await start(dbName, false);
    const m = await contentModels(first.db);
    const gone = await m.Question.findOne().lean();
    await m.Question.deleteOne({ _id: gone!._id });
    await stop(first);

    const app = await start(dbName);
    expect(await (await contentModels(app.db)).Question.countDocuments()).toBe(806);
    await stop(app);
  });

  it('is finished at the next start when a seed was interrupted', async () => {
    const first = await start(dbName, false);
    await (await contentModels(first.db)).SeedRun.updateOne({ _id: 'demo-bank' }, { $set: { state: 'started' } });
    await stop(first);

    const app = await start(dbName);
    const m = await contentModels(app.db);
    expect(await m.Question.countDocuments()).toBe(807);
    expect(await m.Chapter.countDocuments()).toBe(67);
    expect(await m.SeedRun.findById('demo-bank').lean()).toMatchObject({ state: 'done' });
    await stop(app);
  });

  it('is not published over content that was uploaded before it', async () => {
    const other = uniqueDbName('content');
    const first = await start(other, false);
    await publishTree({ publishing: new PublishingRepository(first.db), bus: first.bus }, fixtureTree());
    await stop(first);

    const app = await start(other);
    const m = await contentModels(app.db);
    expect(await m.Question.countDocuments()).toBe(18);
    expect(await m.SeedRun.exists({})).toBeNull();
    await stop(app);
  });
});
