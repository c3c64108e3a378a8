import { eventEnvelopes } from '@lp/contracts';
import { setFailPoint, type ServiceApp } from '@lp/service-kit';
import { createTestKeys, eventually } from '@lp/service-kit/testing';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModels, type ContentModels } from '../../src/models';
import { publishTree, UploadRejected } from '../../src/publishing/publish-tree';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, fixtureTree, publishedEvents } from '../support/harness';

let app: ServiceApp;
let models: ContentModels;
const publish = (tree: unknown) => publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, tree);
const counts = async () => ({
  subjects: await models.Subject.countDocuments(),
  chapters: await models.Chapter.countDocuments(),
  topics: await models.Topic.countDocuments(),
  questions: await models.Question.countDocuments(),
});

beforeAll(async () => {
  app = await buildContent(await createTestKeys());
  models = await contentModels(app.db);
});
afterAll(async () => { await app?.close(); });

describe('publishTree: the one publishing path', () => {
  it('stores a tree once, however often it is published, and re-announces it with the same event ids', async () => {
    const since = new Date(Date.now() - 1000);
    const first = await publish(fixtureTree('Idempotent Chapter'));
    const after = await counts();
    expect(after).toEqual({ subjects: 1, chapters: 1, topics: 2, questions: 18 });
    expect(first).toMatchObject({ className: 'CBSE Class 12', questionCount: 18, rejected: [], duplicatesSkipped: 0 });
    expect(first.chapters).toEqual([expect.objectContaining({ subjectName: 'Biology', chapterName: 'Idempotent Chapter', topicCount: 2, questionCount: 18 })]);

    const second = await publish(fixtureTree('Idempotent Chapter'));
    expect(await counts()).toEqual(after);
    expect(second.chapters).toEqual(first.chapters);
    expect(second.events).toEqual(first.events);

    // JetStream kept one message for the chapter: the second publish carried the same Nats-Msg-Id.
    const chapterId = first.chapters[0]!.chapterId;
    const stored = await publishedEvents(app, since, (e) => e.data.chapterId === chapterId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(first.events[0]!.eventId);
    expect(Value.Check(eventEnvelopes['content.chapter.published'], stored[0])).toBe(true);
    const topics = await models.Topic.find({ chapterId }).sort({ order: 1 }).lean();
    expect(stored[0]!.data).toEqual({
      chapterId, subjectId: first.chapters[0]!.subjectId, subjectName: 'Biology', className: 'CBSE Class 12',
      chapterName: 'Idempotent Chapter', topicIds: topics.map((t) => String(t._id)), questionCount: 18,
    });
  });

  it('stores the canonical form and the topic stats', async () => {
    const result = await publish(fixtureTree('Canonical Chapter'));
    const chapterId = result.chapters[0]!.chapterId;
    const origin = await models.Topic.findOne({ chapterId, name: 'Origin of Life' }).lean();
    expect(origin).toMatchObject({
      order: 1, description: 'How life began on Earth', questionCount: 12,
      easyPercentage: 33, hardPercentage: 33, // difficulty 1: 1 + 3 of 12; difficulty 3: 1 + 3 of 12
      questionCountByType: { multiple_choice: 10, true_false: 1, short_answer: 1 },
    });
    const questions = await models.Question.find({ topicId: origin!._id }).sort({ order: 1 }).lean();
    expect(questions.map((q) => q.order)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(questions[0]).toMatchObject({ type: 'multiple_choice', correctAnswer: 'Oxygen', difficulty: 1 });
    expect(questions[1]).toMatchObject({ type: 'true_false', options: ['True', 'False'], correctAnswer: 'True' });
    expect(questions[3]).toMatchObject({ options: ['A0', 'B0', 'C0', 'D0'], correctAnswer: 'A0' });
    expect((await models.Chapter.findById(chapterId).lean())!).toMatchObject({ questionCount: 18, number: 6, order: 6, slug: 'class-12-biology-ch06-canonical-chapter' });
  });

  it('updates a corrected question in place and announces the new version under a new event id', async () => {
    const tree = fixtureTree('Corrected Chapter');
    const first = await publish(tree);
    const question = tree.subjects[0]!.chapters[0]!.topics[0]!.questions[0]!;
    question.correctAnswer = 'Hydrogen';
    question.explanation = 'Corrected explanation.';
    const before = await counts();
    const second = await publish(tree);
    expect(await counts()).toEqual(before);
    expect(second.events[0]!.eventId).not.toBe(first.events[0]!.eventId);
    const stored = await models.Question.findOne({ question: question.question, chapterId: first.chapters[0]!.chapterId }).lean();
    expect(stored).toMatchObject({ correctAnswer: 'Hydrogen', explanation: 'Corrected explanation.', order: 1 });
  });

  it('adds new questions and topics after the existing ones without duplicating the old', async () => {
    const tree = fixtureTree('Growing Chapter');
    const first = await publish(tree);
    tree.subjects[0]!.chapters[0]!.topics[1]!.questions.push({ question: 'A brand new question?', type: 'multiple_choice', options: ['x', 'y'], correctAnswer: 'y', explanation: 'New.', difficulty: 2 });
    tree.subjects[0]!.chapters[0]!.topics.push({ name: 'Human Evolution', description: 'Hominids', questions: [{ question: 'Closest living relative?', type: 'short_answer', correctAnswer: 'Chimpanzee', explanation: 'Shared ancestor.', difficulty: 1 } as never] });
    const second = await publish(tree);
    const chapterId = first.chapters[0]!.chapterId;
    expect(second.chapters[0]).toMatchObject({ chapterId, topicCount: 3, questionCount: 20 });
    const topics = await models.Topic.find({ chapterId }).sort({ order: 1 }).lean();
    expect(topics.map((t) => [t.name, t.order, t.questionCount])).toEqual([['Origin of Life', 1, 12], ['Speciation', 2, 7], ['Human Evolution', 3, 1]]);
    const added = await models.Question.findOne({ question: 'A brand new question?' }).lean();
    expect(added!.order).toBe(7);
  });

  it('files "biology" / "  case  chapter " under the stored "Biology" / "Case Chapter" instead of beside them (issue 31 §16)', async () => {
    const first = await publish(fixtureTree('Case Chapter'));
    const before = await counts();
    const tree = fixtureTree('  case  CHAPTER ');
    tree.subjects[0]!.name = 'biology ';
    const second = await publish(tree);
    expect(await counts()).toEqual(before);
    expect(second.chapters).toEqual(first.chapters);
    expect(await models.Subject.find({ className: 'CBSE Class 12' }).lean().then((subjects) => subjects.map((s) => s.name))).not.toContain('biology');
  });

  it('refuses one upload naming a subject twice but for case and spacing', async () => {
    const tree = fixtureTree('Twice Chapter');
    tree.subjects.push({ ...tree.subjects[0]!, name: ' BIOLOGY' });
    await expect(publish(tree)).rejects.toThrow(/Subject "BIOLOGY" appears more than once in the upload/);
  });

  it('rejects an upload with a bad answer key whole: one error listing every problem with its position, nothing stored, nothing announced', async () => {
    const before = await counts();
    const since = new Date(Date.now() - 1000);
    const tree = fixtureTree('Rejected Chapter');
    const topic = tree.subjects[0]!.chapters[0]!.topics[1]!;
    topic.questions[2]!.correctAnswer = 'Z';
    topic.questions[4]!.correctAnswer = '7';
    const error = await publish(tree).then(() => null, (err: unknown) => err);
    expect(error).toBeInstanceOf(UploadRejected);
    const rejected = error as UploadRejected;
    expect(rejected.statusCode).toBe(400);
    expect(rejected.code).toBe('UPLOAD_REJECTED');
    expect(rejected.rejections.map((r) => r.path)).toEqual([
      'subjects[0].chapters[0].topics[1].questions[2]',
      'subjects[0].chapters[0].topics[1].questions[4]',
    ]);
    expect(rejected.message).toMatch(/^The upload was rejected and nothing was published: 2 problems found/);
    expect(rejected.message).toContain('Biology › Rejected Chapter › Speciation, question 3: Question "Speciation question 3?": answer key "Z" matches none of its options');
    expect(rejected.message).toContain('question 5');
    expect(await counts()).toEqual(before);
    expect(await models.Chapter.exists({ name: 'Rejected Chapter' })).toBeNull();
    expect(await publishedEvents(app, since, (e) => e.data.chapterName === 'Rejected Chapter')).toEqual([]);
  });

  it('rejects a tree that does not fit the upload format', async () => {
    await expect(publish({ className: 'CBSE Class 12', subjects: [{ name: 'Biology', chapters: [] }] })).rejects.toMatchObject({ statusCode: 400, code: 'UPLOAD_REJECTED' });
    await expect(publish(null)).rejects.toBeInstanceOf(UploadRejected);
  });

  it('converges when two publishes of the same new tree race', async () => {
    const before = await counts();
    const [a, b] = await Promise.all([publish(fixtureTree('Raced Chapter')), publish(fixtureTree('Raced Chapter'))]);
    expect(a.chapters[0]!.chapterId).toBe(b.chapters[0]!.chapterId);
    const after = await counts();
    expect(after.chapters - before.chapters).toBe(1);
    expect(after.topics - before.topics).toBe(2);
    expect(after.questions - before.questions).toBe(18);
  });

  it('relays a chapter\'s event exactly once, with its question count set, after a publish that died between recording and sending it', async () => {
    const since = new Date(Date.now() - 1000);
    // The fail point stands in for a process that dies after the event is in the outbox, before the chapter is counted.
    setFailPoint('content-chapter-recorded', true);
    try {
      await expect(publish(fixtureTree('Interrupted Chapter'))).rejects.toThrow(/content-chapter-recorded/);
    } finally {
      setFailPoint('content-chapter-recorded', false);
    }
    const chapter = await models.Chapter.findOne({ name: 'Interrupted Chapter' }).lean();
    const chapterId = String(chapter!._id);
    // The relay sets the count, then sends the event.
    await eventually(async () => (await publishedEvents(app, since, (e) => e.data.chapterId === chapterId)).length > 0, { timeoutMs: 20_000 });
    expect((await models.Chapter.findById(chapterId).lean())!.questionCount).toBe(18);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // more relay passes
    const stored = await publishedEvents(app, since, (e) => e.data.chapterId === chapterId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toMatchObject({ chapterId, chapterName: 'Interrupted Chapter', questionCount: 18 });
  }, 60_000);
});
