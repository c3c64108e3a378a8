// The one publishing path: admin uploads (a later issue) and the demo seed both come through here.
//
// FerretDB has no transactions, so every step is an idempotent upsert on a unique key
// (subject {className,name} → chapter {subjectId,name} → topic {chapterId,name} → question {topicId,hash}).
// Publishing the same tree twice changes nothing; a publish that died half-way converges when retried.
// Events go out after the whole tree is stored, one per chapter, with an id derived from the chapter's
// content version: a re-publish of unchanged content repeats the same id and is dropped as a duplicate.
// Each chapter's event is recorded in the outbox before its question count is set and sent after (record → change
// → flush): a process that dies in between leaves the event to the relay, which sets the count first.
import type { ChapterPublished, ClassName, PublishResult } from '@lp/contracts';
import { AppError, Leases, failPoint, isDuplicateKey, type EventBus, type EventEnvelope } from '@lp/service-kit';
import { Types as mongooseTypes, type Model, type Types, type UpdateQuery } from 'mongoose';
import { chapterPublishedEventId, fingerprint } from '../domain/event-id';
import { ingestTree, type IngestChapter, type IngestTopic, type Rejection } from '../domain/ingest';
import { chapterSlug } from '../domain/slug';
import { topicStats } from '../domain/topic-stats';
import type { ContentModels } from '../models';
import type { QuestionDoc } from '../models/question';
import type { TopicDoc } from '../models/topic';

export const CHAPTER_PUBLISHED = 'content.chapter.published';
const MAX_LISTED = 100;

/** An upload with problems: nothing of it was stored. A 400 when thrown from a route. */
export class UploadRejected extends AppError {
  constructor(readonly rejections: Rejection[]) {
    const listed = rejections.slice(0, MAX_LISTED).map((r) => `- ${r.path}: ${r.reason}`);
    if (rejections.length > MAX_LISTED) listed.push(`- ... and ${rejections.length - MAX_LISTED} more`);
    const count = rejections.length === 1 ? '1 problem' : `${rejections.length} problems`;
    super(400, `The upload was rejected and nothing was published: ${count} found. Fix ${rejections.length === 1 ? 'it' : 'them'} and upload again.\n${listed.join('\n')}`, 'UPLOAD_REJECTED');
  }
}

export interface PublishDeps {
  models: ContentModels;
  bus: Pick<EventBus, 'record' | 'flush'>;
}

export interface PublishOutcome extends PublishResult {
  /** Identical questions given twice in one topic; stored once. */
  duplicatesSkipped: number;
  /** The content.chapter.published event id of each chapter (the same for an unchanged re-publish). */
  events: Array<{ chapterId: string; eventId: string }>;
}

/** Long enough for the largest upload to store; a replica that dies holding it delays the next publish by this much. */
const PUBLISH_LEASE = { ttlMs: 5 * 60_000, waitMs: 5 * 60_000 };

/**
 * Checks, normalises and stores an upload tree, then announces each chapter. Throws UploadRejected.
 * One publish at a time across replicas (a lease): the steps below read what they then write (a new topic's order,
 * a chapter's question count), and FerretDB's updates do not protect a read-then-write against a second publisher.
 */
export async function publishTree(deps: PublishDeps, input: unknown): Promise<PublishOutcome> {
  const ingest = ingestTree(input);
  if (!ingest.ok) throw new UploadRejected(ingest.rejections);
  return new Leases(deps.models.Subject.db).run('content:publish', PUBLISH_LEASE, () => storeTree(deps, ingest));
}

async function storeTree(deps: PublishDeps, ingest: Extract<ReturnType<typeof ingestTree>, { ok: true }>): Promise<PublishOutcome> {
  const { models } = deps;
  const { tree } = ingest;

  const stored: StoredChapter[] = [];
  for (const subject of tree.subjects) {
    const subjectDoc = await upsertOne(models.Subject, { className: tree.className, name: subject.name }, {
      $set: { comingSoon: false },
      $setOnInsert: { order: await models.Subject.countDocuments({ className: tree.className }) },
    });
    for (const chapter of subject.chapters) {
      const chapterDoc = await storeChapter(models, tree.className, { id: subjectDoc._id, name: subject.name }, chapter);
      stored.push({ className: tree.className, subjectId: subjectDoc._id, subjectName: subject.name, chapterId: chapterDoc._id, chapterName: chapterDoc.name });
    }
  }

  // Only now, with the whole tree stored: recount each chapter and announce it.
  const chapters: PublishOutcome['chapters'] = [];
  const events: PublishOutcome['events'] = [];
  for (const chapter of stored) {
    const summary = await announceChapter(deps, chapter);
    chapters.push(summary.chapter);
    events.push({ chapterId: summary.chapter.chapterId, eventId: summary.eventId });
  }
  return { className: tree.className, chapters, questionCount: ingest.questionCount, rejected: [], duplicatesSkipped: ingest.duplicatesSkipped, events };
}

interface StoredChapter { className: ClassName; subjectId: Types.ObjectId; subjectName: string; chapterId: Types.ObjectId; chapterName: string }

async function storeChapter(models: ContentModels, className: ClassName, subject: { id: Types.ObjectId; name: string }, chapter: IngestChapter) {
  const slug = chapterSlug({ className, subjectName: subject.name, chapterName: chapter.name, number: chapter.number });
  // A number given sets the order and the file name; without one, a new chapter goes last and an existing one keeps its place.
  const update: UpdateQuery<unknown> = chapter.number
    ? { $set: { number: chapter.number, order: chapter.number, slug } }
    : { $setOnInsert: { number: null, order: (await models.Chapter.countDocuments({ subjectId: subject.id })) + 1, slug } };
  const chapterDoc = await upsertOne(models.Chapter, { subjectId: subject.id, name: chapter.name }, update);
  for (const topic of chapter.topics) await storeTopic(models, subject.id, chapterDoc._id, topic);
  return chapterDoc;
}

/** Stored fields of a question that an upload may change (its identity, text/type/options, is the hash). */
const QUESTION_FIELDS = ['question', 'type', 'options', 'correctAnswer', 'explanation', 'difficulty', 'figureReference'] as const;
type StoredQuestion = Pick<QuestionDoc, '_id' | 'hash' | 'order' | 'chapterId' | 'subjectId' | (typeof QUESTION_FIELDS)[number]>;

/**
 * Stores a topic and its questions. FerretDB's SQLite backend pushes down only `_id` filters, so other
 * filters scan the collection: this reads the topic's questions once (not at all for a new topic), inserts
 * the new ones in one call, updates by `_id` only those that changed, and computes the stats in memory.
 */
async function storeTopic(models: ContentModels, subjectId: Types.ObjectId, chapterId: Types.ObjectId, topic: IngestTopic) {
  const upserted = await withDuplicateKeyRetry(() => models.Topic.findOneAndUpdate({ chapterId, name: topic.name }, {
    $set: { subjectId, ...(topic.description !== null ? { description: topic.description } : {}) },
    $setOnInsert: { order: 0 },
  }, { upsert: true, new: true, includeResultMetadata: true }).lean()) as unknown as { value: TopicDoc | null; lastErrorObject?: { updatedExisting?: boolean } };
  const topicDoc = upserted.value;
  if (!topicDoc) throw new Error(`upsert of topic ${topic.name} returned nothing`);
  const topicId = topicDoc._id;
  const created = !upserted.lastErrorObject?.updatedExisting;
  if (created) await models.Topic.updateOne({ _id: topicId }, { $set: { order: await models.Topic.countDocuments({ chapterId }) } });

  let attempt = 0;
  const questions = await withDuplicateKeyRetry(async () => {
    // A new topic has no questions yet, unless a racing publish of the same tree got there first (then we retry).
    const existing = created && attempt++ === 0 ? [] : await models.Question.find({ topicId }).lean<StoredQuestion[]>();
    const byHash = new Map(existing.map((q) => [q.hash, q]));
    let nextOrder = existing.reduce((max, q) => Math.max(max, q.order), 0);
    const inserts: Array<StoredQuestion & { topicId: Types.ObjectId }> = [];
    const updates: Array<{ _id: Types.ObjectId; set: Partial<StoredQuestion> }> = [];
    for (const q of topic.questions) {
      const fields = { question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation, difficulty: q.difficulty, figureReference: q.figureReference };
      const stored = byHash.get(q.hash);
      if (!stored) {
        const doc = { _id: new mongooseTypes.ObjectId(), topicId, chapterId, subjectId, hash: q.hash, order: ++nextOrder, ...fields };
        inserts.push(doc);
        byHash.set(q.hash, doc);
        continue;
      }
      const changed = QUESTION_FIELDS.some((f) => JSON.stringify(stored[f] ?? null) !== JSON.stringify(fields[f] ?? null))
        || !stored.chapterId?.equals(chapterId) || !stored.subjectId?.equals(subjectId);
      if (changed) {
        updates.push({ _id: stored._id, set: { ...fields, chapterId, subjectId } });
        byHash.set(q.hash, { ...stored, ...fields, chapterId, subjectId });
      }
    }
    if (inserts.length > 0) await models.Question.insertMany(inserts, { ordered: false });
    if (updates.length > 0) await models.Question.bulkWrite(updates.map((u) => ({ updateOne: { filter: { _id: u._id }, update: { $set: u.set } } })), { ordered: false });
    return [...byHash.values()];
  });

  questions.sort((a, b) => String(a._id).localeCompare(String(b._id)));
  const contentVersion = fingerprint(questions.map((q) => [String(q._id), q.hash, q.correctAnswer, q.explanation, q.difficulty, q.figureReference, q.order]));
  await models.Topic.updateOne({ _id: topicId }, { $set: { ...topicStats(questions), contentVersion } });
}

async function announceChapter(deps: PublishDeps, chapter: StoredChapter) {
  const { models } = deps;
  const topics = await models.Topic.find({ chapterId: chapter.chapterId }).sort({ order: 1, _id: 1 }).lean();
  const questionCount = topics.reduce((sum, t) => sum + t.questionCount, 0);
  // The chapter's content version, from its topics' (each a fingerprint of its questions' stored content).
  const version = fingerprint([chapter.chapterName, topics.map((t) => [String(t._id), t.name, t.description, t.order, t.contentVersion ?? ''])]);
  const chapterId = String(chapter.chapterId);
  const eventId = chapterPublishedEventId(chapterId, version);
  const data: ChapterPublished = {
    chapterId,
    subjectId: String(chapter.subjectId),
    subjectName: chapter.subjectName,
    className: chapter.className,
    chapterName: chapter.chapterName,
    topicIds: topics.map((t) => String(t._id)),
    questionCount,
  };
  const envelope = await deps.bus.record(CHAPTER_PUBLISHED, data, { id: eventId });
  failPoint('content-chapter-recorded');
  await setQuestionCount(models, envelope.data);
  await deps.bus.flush(envelope);
  return {
    eventId,
    chapter: { chapterId, subjectId: data.subjectId, subjectName: data.subjectName, chapterName: data.chapterName, topicCount: topics.length, questionCount },
  };
}

/** The chapter's question count, as its event announces it; setting it again changes nothing. */
async function setQuestionCount(models: ContentModels, chapter: ChapterPublished) {
  await models.Chapter.updateOne({ _id: new mongooseTypes.ObjectId(chapter.chapterId) }, { $set: { questionCount: chapter.questionCount } });
}

/** A chapter event left in the outbox by a process that died: the relay sets the chapter's count, then sends it. */
export function finishChapterAnnouncements(bus: Pick<EventBus, 'beforeRelay'>, models: ContentModels) {
  bus.beforeRelay(CHAPTER_PUBLISHED, async (event: EventEnvelope<ChapterPublished>) => setQuestionCount(models, event.data));
}


/** Two publishes racing on the same new key: one insert wins, the other retries and finds it. */
async function withDuplicateKeyRetry<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= 3 || !isDuplicateKey(err)) throw err;
    }
  }
}

async function upsertOne<T extends { _id: Types.ObjectId }>(model: Model<T>, filter: Record<string, unknown>, update: UpdateQuery<unknown>) {
  return withDuplicateKeyRetry(async () => {
    const doc = await model.findOneAndUpdate(filter, update as UpdateQuery<T>, { upsert: true, new: true }).lean<T>();
    if (!doc) throw new Error(`upsert into ${model.collection.name} returned nothing`);
    return doc;
  });
}
