// A class's listing (GET /api/subjects/with-chapters), kept by each replica while the catalogue's revision stands:
// on the real FerretDB, two replicas on one database. A publish through either one is seen by both on their next
// request; a write that did not count the revision is not (which shows the listing is kept), until the listing's
// maximum age has passed.
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, testConnection, type TestKeys } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModels } from '../../src/models';
import { publishTree } from '../../src/publishing/publish-tree';
import { ContentReads, LISTING_MAX_AGE_MS } from '../../src/reads/content-reads';
import { CatalogueRepository } from '../../src/repositories/catalogue';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, fixtureTree } from '../support/harness';

const CLASS_12 = '/api/subjects/with-chapters?className=CBSE%20Class%2012';
type Listing = Array<{ name: string; chapters: Array<{ name: string; questionCount: number; topics: Array<{ name: string }> }> }>;
const chapterNames = (listing: Listing) => listing.flatMap((s) => s.chapters.map((c) => c.name)).sort();

describe('two replicas on one database', () => {
  let keys: TestKeys;
  let first: ServiceApp;
  let second: ServiceApp;
  const dbName = `content_listing_${Date.now().toString(36)}`;
  const listingOf = async (app: ServiceApp) => {
    const res = await app.inject({ method: 'GET', url: CLASS_12 });
    expect(res.statusCode).toBe(200);
    return res.json<Listing>();
  };

  beforeAll(async () => {
    keys = await createTestKeys();
    first = await buildContent(keys, {}, dbName);
    second = await buildContent(keys, {}, dbName);
    await publishTree({ publishing: new PublishingRepository(first.db), bus: first.bus }, fixtureTree('Evolution Fixture'));
  });
  afterAll(async () => {
    await first?.db.dropDatabase();
    await first?.close();
    await second?.close();
  });

  it('each answers the chapters published through the other, on the next request', async () => {
    expect(chapterNames(await listingOf(first))).toEqual(['Evolution Fixture']);
    expect(chapterNames(await listingOf(second))).toEqual(['Evolution Fixture']);

    await publishTree({ publishing: new PublishingRepository(second.db), bus: second.bus }, fixtureTree('Genetics Fixture'));
    expect(chapterNames(await listingOf(first))).toEqual(['Evolution Fixture', 'Genetics Fixture']);
    expect(chapterNames(await listingOf(second))).toEqual(['Evolution Fixture', 'Genetics Fixture']);
  });

  it('answers a chapter’s new question count once its event has set it', async () => {
    const before = (await listingOf(first)).flatMap((s) => s.chapters).find((c) => c.name === 'Evolution Fixture')!;
    const tree = fixtureTree('Evolution Fixture');
    const topic = tree.subjects[0]!.chapters[0]!.topics[0]!;
    topic.questions.push({ question: 'A question added later?', type: 'true_false', options: ['True', 'False'], correctAnswer: 'True', explanation: 'Added.' } as (typeof topic.questions)[number]);
    await publishTree({ publishing: new PublishingRepository(second.db), bus: second.bus }, tree);
    // The count is set when the chapter's event is relayed (publish-tree.ts), a moment after the publish.
    await expect.poll(async () => (await listingOf(first)).flatMap((s) => s.chapters).find((c) => c.name === 'Evolution Fixture')!.questionCount, { timeout: 10_000 })
      .toBe(before.questionCount + 1);
  });
});

describe('a replica’s kept listing', () => {
  let db: Connection;
  let publishing: PublishingRepository;
  beforeAll(async () => {
    db = await testConnection('content_listing_kept');
    await contentModels(db);
    publishing = new PublishingRepository(db);
    const physics = await publishing.registerSubject({ className: 'CBSE Class 12', name: 'Physics', order: 1, comingSoon: false });
    await publishing.registerChapter(physics._id, { name: 'Ray Optics', number: 9, slug: 'ray-optics' });
  });
  afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

  it('is answered again until the revision changes or it is older than its maximum age', async () => {
    let now = 1_000_000;
    const reads = new ContentReads(new CatalogueRepository(db), undefined, () => now);
    const names = async () => (await reads.subjectsWithChapters('CBSE Class 12')).map((s) => s.name);
    expect(await names()).toEqual(['Physics']);

    // A write that bypasses publishing (so counts no revision) is not seen: the listing is kept.
    await db.collection('subjects').updateOne({ name: 'Physics' }, { $set: { name: 'Physics (renamed)' } });
    expect(await names()).toEqual(['Physics']);
    now += LISTING_MAX_AGE_MS - 1;
    expect(await names()).toEqual(['Physics']);
    now += 1;
    expect(await names()).toEqual(['Physics (renamed)']);

    // Counting the revision (as every publishing write does) makes the next request read again.
    await db.collection('subjects').updateOne({ name: 'Physics (renamed)' }, { $set: { name: 'Physics' } });
    expect(await names()).toEqual(['Physics (renamed)']);
    await publishing.registerSubject({ className: 'CBSE Class 12', name: 'Chemistry', order: 2, comingSoon: true });
    expect(await names()).toEqual(['Physics', 'Chemistry']);
  });
});
