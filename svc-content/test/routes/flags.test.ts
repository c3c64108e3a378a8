// Question flags (issue 32 §4) on the real FerretDB and NATS: who may call what, validation, one flag per student,
// held back from new quizzes at 3 students, and the admin's correct / retire / dismiss with the students' notices.
import type { FlaggedQuestion, FlagQueue, MyFlag, StudentNotices } from '@lp/contracts';
import type { Subscription } from '@nats-io/transport-node';
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModels, type ContentModels } from '../../src/models';
import { publishTree } from '../../src/publishing/publish-tree';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, fixtureTree, objectId } from '../support/harness';

let keys: TestKeys;
let app: ServiceApp;
let models: ContentModels;
let topicId: string;
let chapterId: string;
/** Speciation question 1..6: options P/Q/R/S, key Q. */
let qs: string[];

const OWNER = objectId();
const students = Array.from({ length: 4 }, () => objectId());
const cookie: Record<string, string> = {};
// svc-study's side of study.rpc.answeredQuestion: these students answered every question, except that `stranger`
// answered none and svc-study never answers for `silent` (down or slow).
const stranger = objectId();
const silent = objectId();
let responder: Subscription;

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildContent(keys, { entitlementTimeoutMs: 400 });
  responder = app.bus.nc.subscribe(app.bus.wireSubject('study.rpc.answeredQuestion'), {
    callback: (_err, msg) => {
      const { userId } = msg.json<{ userId: string }>();
      if (userId === silent) return;
      msg.respond(JSON.stringify({ ok: true, data: { answered: userId !== stranger } }));
    },
  });
  models = await contentModels(app.db);
  await publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, fixtureTree('Flags Fixture'));
  const topic = await models.Topic.findOne({ name: 'Speciation' }).lean();
  topicId = String(topic!._id);
  chapterId = String(topic!.chapterId);
  qs = (await models.Question.find({ topicId: topic!._id }).sort({ order: 1 }).lean()).map((q) => String(q._id));
  for (const s of [...students, stranger, silent]) cookie[s] = `lp_session=${await keys.session(s, 'learner')}`;
  cookie.owner = `lp_session=${await keys.session(OWNER, 'owner')}`;
  cookie.admin = `${cookie.owner}; lp_admin=${await keys.admin(OWNER)}`;
  cookie.learnerElevated = `${cookie[students[0]!]}; lp_admin=${await keys.admin(students[0]!)}`;
});
afterAll(async () => {
  responder?.unsubscribe();
  await app?.close();
});

const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const flag = (who: string, questionId: string, body: unknown = { reason: 'wrong-key' }) => call('POST', `/api/questions/${questionId}/flag`, who, body);
const queue = async () => (await call('GET', '/api/admin/question-flags', 'admin')).json<FlagQueue>().questions;
const entry = async (id: string): Promise<FlaggedQuestion | undefined> => (await queue()).find((q) => q.questionId === id);
const quizIds = async () => (await app.bus.request<{ questionIds: string[] }>('content.rpc.quizQuestions', { topicId })).questionIds;

describe('flagging a question', () => {
  it('needs a signed-in student, a known reason and a note within its limit', async () => {
    expect((await flag('', qs[0]!)).statusCode).toBe(401);
    expect((await call('POST', `/api/questions/${qs[0]}/flag`, undefined, { reason: 'wrong-key' })).statusCode).toBe(401);
    expect((await flag(students[0]!, qs[0]!, { reason: 'boring' })).statusCode).toBe(400);
    expect((await flag(students[0]!, qs[0]!, { reason: 'typo', note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await flag(students[0]!, qs[0]!, { reason: 'typo', note: 'two\nlines' })).statusCode).toBe(400);
    expect((await flag(students[0]!, qs[0]!, { reason: 'typo', extra: 1 })).statusCode).toBe(400);
    expect((await flag(students[0]!, 'not-an-id')).statusCode).toBe(400);
    expect((await flag(students[0]!, objectId())).statusCode).toBe(404);
  });

  it('is refused to a student who never answered the question, and never taken without svc-study\'s answer', async () => {
    const refused = await flag(stranger, qs[5]!, { reason: 'wrong-key', note: 'I did not even try it' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_ANSWERED', message: 'Answer this question in a quiz before reporting a problem with it.' });
    const unchecked = await flag(silent, qs[5]!);
    expect(unchecked.statusCode).toBe(503);
    expect(unchecked.json()).toMatchObject({ code: 'FLAG_CHECK_UNAVAILABLE' });
    expect(await entry(qs[5]!)).toBeUndefined();
  });

  it('keeps one flag per student per question: flagging again replaces the reason and note', async () => {
    const first = await flag(students[0]!, qs[0]!, { reason: 'typo', note: 'spelling' });
    expect(first.statusCode).toBe(200);
    const again = await flag(students[0]!, qs[0]!, { reason: 'wrong-key', note: 'The key should be R' });
    expect(again.json<MyFlag>()).toMatchObject({ questionId: qs[0], reason: 'wrong-key', note: 'The key should be R' });
    const listed = await entry(qs[0]!);
    expect(listed).toMatchObject({ count: 1, hidden: false, reasons: { 'wrong-key': 1 }, correctAnswer: 'Q0', options: ['P0', 'Q0', 'R0', 'S0'], source: null });
    expect(listed!.flags.map((f) => f.note)).toEqual(['The key should be R']);
  });
});

describe('the admin queue and actions', () => {
  it('are refused to students and to an owner without the elevation', async () => {
    for (const who of [students[0]!, 'learnerElevated', 'owner']) {
      expect((await call('GET', '/api/admin/question-flags', who)).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/question-flags/${qs[0]}/dismiss`, who, {})).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/question-flags')).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/question-flags/${objectId()}/retire`, 'admin', {})).statusCode).toBe(404);
  });

  it('hides a question flagged by 3 students from new quizzes until an admin dismisses the flags', async () => {
    const id = qs[1]!;
    await flag(students[0]!, id);
    await flag(students[1]!, id, { reason: 'unclear', note: 'Which one?' });
    await flag(students[1]!, id, { reason: 'unclear', note: 'Which one, really?' }); // the same student again: still 2
    expect(await quizIds()).toContain(id);
    expect((await entry(id))).toMatchObject({ count: 2, hidden: false });
    await flag(students[2]!, id, { reason: 'typo' });
    expect(await entry(id)).toMatchObject({ count: 3, hidden: true, reasons: { 'wrong-key': 1, unclear: 1, typo: 1 } });
    expect(await quizIds()).not.toContain(id);
    // A sample of the topic (10 at most, the topic has 6) holds every live question but this one.
    const sample = await call('GET', `/api/questions/sample/${chapterId}?topicId=${topicId}`);
    expect(sample.statusCode).toBe(200);
    expect(sample.json<Array<{ id: string }>>().map((q) => q.id).sort()).toEqual(qs.filter((q) => q !== id).sort());
    // Quizzes already running still get its key.
    expect((await app.bus.request<{ keys: unknown[] }>('content.rpc.answerKeys', { questionIds: [id] })).keys).toHaveLength(1);

    const res = await call('POST', `/api/admin/question-flags/${id}/dismiss`, 'admin', {});
    expect(res.json()).toEqual({ questionId: id, action: 'dismissed', notified: 0 });
    expect(await entry(id)).toBeUndefined();
    expect(await quizIds()).toContain(id);
  });

  it('retires a question: out of new quizzes for good, flags closed, and no longer flaggable', async () => {
    const id = qs[2]!;
    await flag(students[3]!, id);
    expect((await call('POST', `/api/admin/question-flags/${id}/retire`, 'admin', {})).json()).toMatchObject({ action: 'retired', notified: 0 });
    expect(await entry(id)).toBeUndefined();
    expect(await quizIds()).not.toContain(id);
    expect((await flag(students[0]!, id)).statusCode).toBe(409);
  });

  it('corrects a question, tells each flagging student once, and re-scores nothing', async () => {
    const id = qs[3]!;
    await flag(students[0]!, id, { reason: 'wrong-key', note: 'R3 is right' });
    await flag(students[1]!, id);
    const bad = await call('POST', `/api/admin/question-flags/${id}/correct`, 'admin', { question: 'Speciation question 4?', options: ['P3', 'Q3', 'R3', 'S3'], correctAnswer: 'Z', explanation: '' });
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', `/api/admin/question-flags/${id}/correct`, 'admin', { question: '', options: [], correctAnswer: 'R3', explanation: '' })).statusCode).toBe(400);

    const fixed = await call('POST', `/api/admin/question-flags/${id}/correct`, 'admin', { question: 'Speciation question 4?', options: ['P3', 'Q3', 'R3', 'S3'], correctAnswer: 'C', explanation: 'R3, because.' });
    expect(fixed.json()).toEqual({ questionId: id, action: 'corrected', notified: 2 });
    const stored = await models.Question.findById(id).lean();
    expect(stored).toMatchObject({ correctAnswer: 'R3', explanation: 'R3, because.' });
    expect(await entry(id)).toBeUndefined();

    for (const s of [students[0]!, students[1]!]) {
      const notices = (await call('GET', '/api/question-flags/notices', s)).json<StudentNotices>().notices.filter((n) => n.questionId === id);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toMatch(/^You were right about question “Speciation question 4\?”/);
      // The quoted question comes apart too, so a Hindi page words the notice in Hindi.
      expect(notices[0]!.question).toBe('Speciation question 4?');
    }
    expect((await call('GET', '/api/question-flags/notices', students[2]!)).json<StudentNotices>().notices.filter((n) => n.questionId === id)).toEqual([]);
    expect((await call('GET', '/api/question-flags/notices')).statusCode).toBe(401);

    // A second correction with no open flags tells nobody again.
    const again = await call('POST', `/api/admin/question-flags/${id}/correct`, 'admin', { question: 'Speciation question 4?', options: ['P3', 'Q3', 'R3', 'S3'], correctAnswer: 'R3', explanation: 'R3.' });
    expect(again.json()).toMatchObject({ notified: 0 });
    expect((await call('GET', '/api/question-flags/notices', students[0]!)).json<StudentNotices>().notices.filter((n) => n.questionId === id)).toHaveLength(1);
  });

  it('shows each notice until its student marks it seen, on the server (issue 32 §4)', async () => {
    const id = qs[3]!; // corrected above: students 0 and 1 each have one notice about it
    const noticesOf = async (who: string) => (await call('GET', '/api/question-flags/notices', who)).json<StudentNotices>().notices.filter((n) => n.questionId === id);
    const seen = (who: string, noticeIds: string[]) => call('POST', '/api/question-flags/notices/seen', who, { noticeIds });
    const [mine] = await noticesOf(students[0]!);
    const [theirs] = await noticesOf(students[1]!);
    expect((await seen('', [mine!.id])).statusCode).toBe(401);
    expect((await seen(students[0]!, [])).statusCode).toBe(400);

    // Another student's notice id changes nothing for its owner.
    expect((await seen(students[0]!, [theirs!.id])).statusCode).toBe(200);
    expect(await noticesOf(students[1]!)).toHaveLength(1);

    const res = await seen(students[0]!, [mine!.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unseen: 0 });
    expect(await noticesOf(students[0]!)).toEqual([]);
    // Marking it again (a second tab) is harmless; the other student still has theirs.
    expect((await seen(students[0]!, [mine!.id])).json()).toEqual({ unseen: 0 });
    expect(await noticesOf(students[1]!)).toHaveLength(1);
    expect(await models.FlagNoticeRead.countDocuments({ _id: `${students[0]}:${mine!.id}` })).toBe(1);
  });

  it('refuses a correction that would make the question a copy of another in its topic', async () => {
    const res = await call('POST', `/api/admin/question-flags/${qs[4]}/correct`, 'admin', { question: 'Speciation question 6?', options: ['P5', 'Q5', 'R5', 'S5'], correctAnswer: 'Q5', explanation: '' });
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe('a PDF-generated question keeps its source page and excerpt (issue 32 §4)', () => {
  const excerpt = 'Mitochondria release energy from food and are called the powerhouse of the cell.';
  const pdfTree = (chapter: string, source: boolean) => ({
    className: 'CBSE Class 12',
    subjects: [{ name: 'Biology', chapters: [{ name: chapter, number: 7, topics: [{ name: 'Cells', questions: [{
      question: 'Which organelle is called the powerhouse of the cell?', type: 'multiple_choice', options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Vacuole'],
      correctAnswer: 'Mitochondrion', explanation: 'It releases energy from food.', difficulty: 2, ...(source ? { sourcePage: 4, sourceExcerpt: excerpt } : {}),
    }] }] }] }],
  });

  it('through the preview and the publish to the admin queue, never to a learner before answering', async () => {
    const processed = await call('POST', '/api/admin/process-raw-json', 'admin', { rawJson: JSON.stringify(pdfTree('PDF Source Fixture', true)) });
    expect(processed.statusCode, processed.body).toBe(200);
    const preview = processed.json<{ processedData: ReturnType<typeof pdfTree> }>().processedData;
    expect(preview.subjects[0]!.chapters[0]!.topics[0]!.questions[0]).toMatchObject({ sourcePage: 4, sourceExcerpt: excerpt });
    const published = await call('POST', '/api/admin/upload', 'admin', preview);
    expect(published.statusCode, published.body).toBe(200);
    const stored = await models.Question.findOne({ question: 'Which organelle is called the powerhouse of the cell?' }).lean();
    const id = String(stored!._id);

    expect((await flag(students[0]!, id, { reason: 'wrong-key' })).statusCode).toBe(200);
    expect(await entry(id)).toMatchObject({ source: { page: 4, excerpt } });

    // A learner's reads never carry it.
    const sample = await call('GET', `/api/questions/sample/${String(stored!.chapterId)}`);
    expect(sample.statusCode).toBe(200);
    expect(sample.body).toContain(id);
    expect(sample.body).not.toContain('powerhouse of the cell.');
    expect(sample.body).not.toMatch(/source/i);

    // Publishing the question again without a source (a JSON re-upload) keeps the one stored.
    expect((await call('POST', '/api/admin/upload', 'admin', pdfTree('PDF Source Fixture', false))).statusCode).toBe(200);
    expect(await entry(id)).toMatchObject({ source: { page: 4, excerpt } });
    await call('POST', `/api/admin/question-flags/${id}/dismiss`, 'admin', {});
  });

  it('refuses an excerpt longer than 300 characters', async () => {
    const tree = pdfTree('PDF Source Fixture', true);
    tree.subjects[0]!.chapters[0]!.topics[0]!.questions[0]!.sourceExcerpt = 'x'.repeat(301);
    const res = await call('POST', '/api/admin/process-raw-json', 'admin', { rawJson: JSON.stringify(tree) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sourceExcerpt');
  });
});
