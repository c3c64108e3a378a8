// The read calls of spec §7 on the real FerretDB and NATS: shapes, bad input, the answer-key leak scan,
// the full-list entitlement rule (svc-study's answer given by a responder on NATS), downloads.
import type { Subscription } from '@nats-io/transport-node';
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModels } from '../../src/models';
import { publishTree } from '../../src/publishing/publish-tree';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, fixtureTree, objectId, SECRET, signedIn } from '../support/harness';

let keys: TestKeys;
let app: ServiceApp;
let responder: Subscription;
let chapterId: string;
let otherChapterId: string;
let originId: string;
let speciationId: string;

// svc-study's side of study.rpc.entitlement, per the contract, for these users.
const users = { trial: objectId(), spent: objectId(), subscriber: objectId(), owner: objectId(), silent: objectId(), garbled: objectId(), expired: objectId() };
const asked: string[] = [];
const answers: Record<string, unknown> = {
  [users.trial]: { subscriptionStatus: 'none', canTakeQuiz: true, trialQuizzesRemaining: 1 },
  [users.spent]: { subscriptionStatus: 'none', canTakeQuiz: false, trialQuizzesRemaining: 0 },
  [users.expired]: { subscriptionStatus: 'expired', canTakeQuiz: false, trialQuizzesRemaining: 0 },
  [users.subscriber]: { subscriptionStatus: 'active', canTakeQuiz: true, trialQuizzesRemaining: 0 },
  [users.garbled]: { subscription: 'yes please' },
};

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildContent(keys, { entitlementTimeoutMs: 400 });
  // A raw subscription (not bus.reply): the "silent" user gets no answer at all, as when svc-study is down.
  responder = app.bus.nc.subscribe(app.bus.wireSubject('study.rpc.entitlement'), {
    callback: (_err, msg) => {
      const { userId } = msg.json<{ userId: string }>();
      asked.push(userId);
      if (userId === users.silent) return; // svc-study is down or slow
      msg.respond(JSON.stringify({ ok: true, data: answers[userId] }));
    },
  });
  const models = await contentModels(app.db);
  const published = await publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, fixtureTree('Evolution Fixture'));
  chapterId = published.chapters[0]!.chapterId;
  const other = await publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, {
    className: 'CBSE Class 10',
    subjects: [{ name: 'Science', chapters: [{ name: 'Electricity', number: 11, topics: [{ name: 'Ohm\u2019s Law', questions: [{ question: 'Unit of resistance?', type: 'short_answer', correctAnswer: 'Ohm', explanation: 'Named after Georg Ohm.' }] }] }] }],
  });
  otherChapterId = other.chapters[0]!.chapterId;
  const topics = await models.Topic.find({ chapterId }).sort({ order: 1 }).lean();
  [originId, speciationId] = topics.map((t) => String(t._id)) as [string, string];
});
afterAll(async () => {
  responder?.unsubscribe();
  await app?.close();
});

const get = async (url: string, who?: keyof typeof users, role: 'learner' | 'owner' = who === 'owner' ? 'owner' : 'learner') =>
  app.inject({ method: 'GET', url, headers: who ? await signedIn(keys, users[who], role) : {} });

describe('subjects, chapters and topics', () => {
  it('lists the subjects of a class with their ordered chapters, topics and counts', async () => {
    const res = await get('/api/subjects/with-chapters?className=CBSE%20Class%2012');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{
      id: expect.any(String), name: 'Biology', className: 'CBSE Class 12',
      chapters: [{ id: chapterId, name: 'Evolution Fixture', order: 6, questionCount: 18, topics: [
        { id: originId, name: 'Origin of Life', order: 1, questionCount: 12 },
        { id: speciationId, name: 'Speciation', order: 2, questionCount: 6 },
      ] }],
    }]);
    expect((await get('/api/subjects/with-chapters?className=CBSE%20Class%2010')).json()).toEqual([expect.objectContaining({ name: 'Science' })]);
    expect((await get('/api/subjects/with-chapters?className=CBSE%20Class%2011')).json()).toEqual([]);
  });

  it('gives a chapter with its subject and topics, and its topics with their stats', async () => {
    const chapter = (await get(`/api/chapters/${chapterId}`)).json();
    expect(chapter).toMatchObject({ id: chapterId, name: 'Evolution Fixture', questionCount: 18, subject: { name: 'Biology', className: 'CBSE Class 12' } });
    expect(chapter.topics).toHaveLength(2);
    const topics = (await get(`/api/chapters/${chapterId}/topics`)).json();
    expect(topics.map((t: { name: string }) => t.name)).toEqual(['Origin of Life', 'Speciation']);
    expect(topics[1]).toMatchObject({ questionCount: 6, easyPercentage: 0, hardPercentage: 0, questionCountByType: { multiple_choice: 6, true_false: 0, short_answer: 0 } });
  });

  it('gives a topic its page: breadcrumb, description, count, easy and hard shares, counts per type (public)', async () => {
    const res = await get(`/api/topics/${originId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: originId, name: 'Origin of Life', description: 'How life began on Earth', order: 1, questionCount: 12,
      easyPercentage: 33, hardPercentage: 33, questionCountByType: { multiple_choice: 10, true_false: 1, short_answer: 1 },
      chapter: { id: chapterId, name: 'Evolution Fixture', subject: { id: expect.any(String), name: 'Biology', className: 'CBSE Class 12' } },
    });
  });
});

describe('bad input', () => {
  const idRoutes = (id: string) => [
    `/api/chapters/${id}`, `/api/chapters/${id}/topics`, `/api/topics/${id}`, `/api/topics/${id}/with-questions`,
    `/api/questions/chapter/${id}`, `/api/questions/sample/${id}`,
  ];

  it('answers 400 for ids that are not ObjectIds', async () => {
    for (const bad of ['123', 'not-an-id', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${'a'.repeat(24)}0`, '%7B%22%24ne%22%3A1%7D']) {
      for (const url of idRoutes(bad)) {
        const res = await get(url, 'owner');
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
      }
    }
    expect((await get(`/api/questions/sample/${chapterId}?topicId=nope`)).statusCode).toBe(400);
  });

  it('answers 404 for ids that are not there', async () => {
    const unknown = objectId();
    for (const url of idRoutes(unknown)) {
      const res = await get(url, 'owner');
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    // A topic of another chapter is not this chapter's.
    expect((await get(`/api/questions/sample/${otherChapterId}?topicId=${originId}`)).statusCode).toBe(404);
  });

  it('rejects a query operator smuggled into a parameter instead of running it', async () => {
    for (const qs of ['className[$ne]=x', 'className%5B%24ne%5D=x', 'className=CBSE%20Class%2012&className[$ne]=x', 'className[$gt]=', 'className=CBSE%20Class%2012&className=CBSE%20Class%2010', 'className=x', '']) {
      const res = await get(`/api/subjects/with-chapters?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.body).not.toContain('Biology');
    }
    for (const qs of ['className[$ne]=x', 'subjectName[$regex]=.*']) expect((await get(`/api/downloads?${qs}`)).statusCode, qs).toBe(400);
  });

  it('never runs an operator that reaches a query as data (sanitizeFilter on the connection)', async () => {
    const models = await contentModels(app.db);
    await expect(models.Subject.find({ className: { $ne: 'x' } as never }).lean()).rejects.toThrow(/Cast to string failed/);
    await expect(models.Chapter.findOne({ slug: { $regex: '.*' } as never }).lean()).rejects.toThrow(/Cast to string failed/);
    await expect(models.Subject.find({ notAField: 'x' } as never).lean()).rejects.toThrow(/strictQuery/);
  });
});

describe('no answer key leaves through a read call', () => {
  const forbiddenKeys = (value: unknown, path = '$'): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([k, v]) => [...(['correctAnswer', 'explanation', 'answer', 'hash'].includes(k) ? [`${path}.${k}`] : []), ...forbiddenKeys(v, `${path}.${k}`)]);
    }
    return [];
  };

  it('scans every learner-facing response for keys and explanations', async () => {
    const urls = [
      '/api/subjects/with-chapters?className=CBSE%20Class%2012',
      `/api/chapters/${chapterId}`, `/api/chapters/${chapterId}/topics`,
      `/api/topics/${originId}`, `/api/topics/${originId}/with-questions`, `/api/topics/${speciationId}/with-questions`,
      `/api/questions/chapter/${chapterId}`, '/api/downloads',
      ...Array.from({ length: 8 }, () => `/api/questions/sample/${chapterId}`),
      ...Array.from({ length: 4 }, () => `/api/questions/sample/${chapterId}?topicId=${originId}`),
    ];
    let questionsSeen = 0;
    for (const url of urls) {
      const res = await get(url, 'subscriber');
      expect(res.statusCode, url).toBe(200);
      expect(forbiddenKeys(res.json()), url).toEqual([]);
      for (const secret of Object.values(SECRET)) expect(res.body, url).not.toContain(secret);
      expect(res.body).not.toMatch(/Because \d\.|Speciation reason|Beagle/);
      questionsSeen += (res.body.match(/"question":/g) ?? []).length;
    }
    expect(questionsSeen).toBeGreaterThan(100);
  });

  it('still shows what a learner needs to answer', async () => {
    const { questions } = (await get(`/api/topics/${originId}/with-questions`, 'subscriber')).json();
    expect(questions).toHaveLength(12);
    expect(questions[0]).toEqual({
      id: expect.any(String), topicId: originId, chapterId, question: 'Which gas was absent from the early atmosphere?',
      type: 'multiple_choice', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], difficulty: 1, figureReference: null,
    });
    expect(questions[1]).toMatchObject({ type: 'true_false', options: ['True', 'False'] });
    expect(questions[2]).toMatchObject({ type: 'short_answer', options: [] });
  });
});

describe('samples: 10 random questions for everyone', () => {
  it('gives a visitor 10 distinct questions of the chapter, differently ordered across calls', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await get(`/api/questions/sample/${chapterId}`);
      expect(res.statusCode).toBe(200);
      const sample = res.json() as Array<{ id: string; chapterId: string }>;
      expect(sample).toHaveLength(10);
      expect(new Set(sample.map((q) => q.id)).size).toBe(10);
      expect(sample.every((q) => q.chapterId === chapterId)).toBe(true);
      orders.add(sample.map((q) => q.id).join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('narrows to one topic, and gives all of a small pool', async () => {
    const sample = (await get(`/api/questions/sample/${chapterId}?topicId=${speciationId}`)).json() as Array<{ topicId: string }>;
    expect(sample).toHaveLength(6);
    expect(sample.every((q) => q.topicId === speciationId)).toBe(true);
    expect((await get(`/api/questions/sample/${otherChapterId}`)).json()).toHaveLength(1);
  });
});

describe('full question lists: subscribers and the free trial quiz (svc-study decides, over NATS)', () => {
  const fullLists = () => [`/api/topics/${originId}/with-questions`, `/api/questions/chapter/${chapterId}`];

  it('turns a visitor away with 401', async () => {
    for (const url of fullLists()) expect((await get(url)).statusCode, url).toBe(401);
  });

  it('lets in a subscriber, a free user with a trial quiz left, and the owner (without asking svc-study)', async () => {
    for (const who of ['subscriber', 'trial', 'owner'] as const) {
      for (const url of fullLists()) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
      }
    }
    expect((await get(`/api/questions/chapter/${chapterId}`, 'subscriber')).json()).toHaveLength(18);
    expect(asked).not.toContain(users.owner);
    expect(asked).toContain(users.trial);
  });

  it('answers 403 NOT_ENTITLED with a way out to a free user whose trial is used, and to an expired subscriber', async () => {
    for (const who of ['spent', 'expired'] as const) {
      for (const url of fullLists()) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'NOT_ENTITLED', message: expect.stringMatching(/sample quiz.*subscribe/i) });
        expect(res.body).not.toContain('"question"');
      }
    }
  });

  it('answers 503, never a silent yes, when svc-study does not answer in time or answers out of contract', async () => {
    for (const who of ['silent', 'garbled'] as const) {
      const res = await get(`/api/topics/${originId}/with-questions`, who);
      expect(res.statusCode, who).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ENTITLEMENT_UNAVAILABLE', message: expect.stringMatching(/try again/i) });
      // "Try again in a moment", said to machines too: a 503 without Retry-After reads as a server failure.
      expect(res.headers['retry-after'], who).toBe('5');
    }
  });

  it('answers 503 when nobody answers at all', async () => {
    const lonely = await buildContent(keys); // an instance of its own: nobody answers its requests
    try {
      const published = await publishTree({ publishing: new PublishingRepository(lonely.db), bus: lonely.bus }, fixtureTree('Lonely'));
      const res = await lonely.inject({ url: `/api/questions/chapter/${published.chapters[0]!.chapterId}`, headers: await signedIn(keys, users.subscriber) });
      expect(res.statusCode).toBe(503);
    } finally {
      await lonely.close();
    }
  });
});

describe('Biology chapter downloads', () => {
  const file = 'class-12-biology-ch06-evolution-fixture.json';

  it('lists the Class XII Biology chapter files with their question counts from the database', async () => {
    expect((await get('/api/downloads')).json()).toEqual([{ filename: file, className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution Fixture', questionCount: 18 }]);
    expect((await get('/api/downloads?className=CBSE%20Class%2010&subjectName=Science')).json()).toEqual([]);
  });

  it('serves a chapter file in the upload format, answers included, as an attachment that publishes back to the same content', async () => {
    const res = await get(`/api/download/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const tree = res.json();
    expect(tree.className).toBe('CBSE Class 12');
    const chapter = tree.subjects[0].chapters[0];
    expect(chapter).toMatchObject({ name: 'Evolution Fixture', number: 6 });
    expect(chapter.topics.map((t: { name: string }) => t.name)).toEqual(['Origin of Life', 'Speciation']);
    expect(chapter.topics[0].questions[0]).toEqual({
      question: 'Which gas was absent from the early atmosphere?', type: 'multiple_choice', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'],
      correctAnswer: 'Oxygen', explanation: SECRET.explanation, difficulty: 1, figureReference: null,
    });
    const models = await contentModels(app.db);
    const before = await models.Question.countDocuments();
    const again = await publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, tree);
    expect(again.chapters[0]!.chapterId).toBe(chapterId);
    expect(await models.Question.countDocuments()).toBe(before);
  });

  it('serves only published Biology chapter names: traversal attempts and other files get 400 or 404', async () => {
    const attempts = [
      '..%2F..%2Fetc%2Fpasswd', '..%2F..%2Fetc%2Fpasswd.json', '%2e%2e%2f%2e%2e%2fetc%2fpasswd.json', '..%5C..%5Cwindows%5Cwin.ini.json',
      '....%2F%2Fetc%2Fpasswd.json', `${file}%00.txt`, `..%2F${file}`, '.json', 'catalogue.json', 'package.json',
      'class-10-science-ch11-electricity.json', 'class-12-biology-ch01-sexual-reproduction-in-flowering-plants.json',
      file.replace('.json', ''), `${file}.json`, '%252e%252e%252fetc%252fpasswd.json',
    ];
    for (const name of attempts) {
      const res = await get(`/api/download/${name}`);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.headers['content-disposition'], name).toBeUndefined();
      expect(res.body).not.toMatch(/root:|\[extensions\]|"workspaces"/);
    }
    for (const raw of ['/api/download/../../etc/passwd', '/api/download/../../../package.json']) {
      expect([400, 404], raw).toContain((await app.inject({ method: 'GET', url: raw })).statusCode);
    }
  });

  it('offers only the seven download chapters (1-7): a later Biology chapter with questions is neither listed nor served', async () => {
    const later = fixtureTree('Microbes Fixture');
    later.subjects[0]!.chapters[0]!.number = 8;
    await publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, later);
    expect((await get('/api/downloads')).json()).toEqual([expect.objectContaining({ filename: file, chapterName: 'Evolution Fixture' })]);
    expect((await get('/api/download/class-12-biology-ch08-microbes-fixture.json')).statusCode).toBe(404);
    expect((await get(`/api/download/${file}`)).statusCode).toBe(200);
  });
});

describe('content.rpc over NATS', () => {
  it('gives the scorers the canonical answer keys; unknown ids are left out', async () => {
    const { questions } = (await get(`/api/topics/${originId}/with-questions`, 'owner')).json() as { questions: Array<{ id: string }> };
    const ids = questions.slice(0, 3).map((q) => q.id);
    const reply = await app.bus.request<{ keys: Array<Record<string, unknown>> }>('content.rpc.answerKeys', { questionIds: [...ids, objectId()] });
    const byId = new Map(reply.keys.map((k) => [k.questionId, k]));
    expect(reply.keys).toHaveLength(3);
    expect(byId.get(ids[0]!)).toEqual({
      questionId: ids[0], chapterId, topicId: originId, subjectId: expect.any(String), type: 'multiple_choice',
      question: 'Which gas was absent from the early atmosphere?', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'],
      correctAnswer: 'Oxygen', explanation: SECRET.explanation, difficulty: 1, figureReference: null,
    });
    expect(byId.get(ids[1]!)).toMatchObject({ type: 'true_false', correctAnswer: 'True' });
    expect(byId.get(ids[2]!)).toMatchObject({ type: 'short_answer', correctAnswer: SECRET.shortAnswer });
  });

  it('gives svc-challenge question snapshots without keys or explanations', async () => {
    const { questions } = (await get(`/api/topics/${originId}/with-questions`, 'owner')).json() as { questions: Array<{ id: string }> };
    const ids = questions.slice(0, 2).map((q) => q.id);
    const reply = await app.bus.request<{ questions: Array<Record<string, unknown>>; place: unknown }>('content.rpc.challengeQuestions', { questionIds: [...ids, objectId()] });
    expect(reply.questions).toHaveLength(2);
    expect(reply.place).toEqual({ subjectName: 'Biology', chapterName: 'Evolution Fixture' }); // what the link's intro names
    expect(reply.questions.find((q) => q.id === ids[0])).toEqual({
      id: ids[0], text: 'Which gas was absent from the early atmosphere?', type: 'multiple_choice',
      options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], figureReference: null,
    });
    expect(JSON.stringify(reply)).not.toContain(SECRET.explanation);
    await expect(app.bus.request('content.rpc.challengeQuestions', { questionIds: [] })).rejects.toThrow(/BAD_REQUEST/);
  });

  it('refuses requests out of contract', async () => {
    await expect(app.bus.request('content.rpc.answerKeys', { questionIds: [] })).rejects.toThrow(/BAD_REQUEST/);
    await expect(app.bus.request('content.rpc.answerKeys', { questionIds: [{ $ne: null }] })).rejects.toThrow(/BAD_REQUEST/);
  });

  it('gives svc-study a quiz\'s question set: a topic\'s or a chapter\'s question ids with where they sit', async () => {
    const { questions } = (await get(`/api/topics/${originId}/with-questions`, 'owner')).json() as { questions: Array<{ id: string }> };
    const topic = await app.bus.request<{ found: boolean; questionIds: string[]; chapterId: string }>('content.rpc.quizQuestions', { topicId: originId });
    expect(topic).toEqual({ found: true, questionIds: expect.any(Array), chapterId, subjectId: expect.any(String) });
    expect([...topic.questionIds].sort()).toEqual(questions.map((q) => q.id).sort());
    const chapter = await app.bus.request<{ questionIds: string[] }>('content.rpc.quizQuestions', { chapterId });
    expect(chapter.questionIds.length).toBeGreaterThan(topic.questionIds.length);
    expect(await app.bus.request('content.rpc.quizQuestions', { topicId: objectId() })).toEqual({ found: false, questionIds: [], chapterId: null, subjectId: null });
  });

  it('remembers which sample questions each visitor was given, for svc-study\'s sample scoring', async () => {
    const given = (await app.inject({ method: 'GET', url: `/api/questions/sample/${chapterId}`, headers: { 'x-forwarded-for': '192.0.2.50' } })).json() as Array<{ id: string }>;
    const ask = (visitor: string, questionId: string) => app.bus.request<{ issued: boolean }>('content.rpc.sampleIssued', { visitor, questionId });
    expect(await ask('ip:192.0.2.50', given[0]!.id)).toEqual({ issued: true });
    expect(await ask('ip:192.0.2.51', given[0]!.id)).toEqual({ issued: false });
    const all = (await app.bus.request<{ questionIds: string[] }>('content.rpc.quizQuestions', { chapterId })).questionIds;
    const notGiven = all.find((id) => !given.some((q) => q.id === id))!;
    expect(await ask('ip:192.0.2.50', notGiven)).toEqual({ issued: false });
  });

  it('says whether a subject exists', async () => {
    const byName = await app.bus.request<{ exists: boolean; subjectId?: string }>('content.rpc.subjectExists', { subjectName: 'Biology', className: 'CBSE Class 12' });
    expect(byName).toEqual({ exists: true, subjectId: expect.any(String) });
    expect(await app.bus.request('content.rpc.subjectExists', { subjectId: byName.subjectId })).toEqual(byName);
    expect(await app.bus.request('content.rpc.subjectExists', { subjectName: 'Astrology' })).toEqual({ exists: false });
  });
});
