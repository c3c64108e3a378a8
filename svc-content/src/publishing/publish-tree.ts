// The one publishing path: admin uploads (a later issue) and the demo seed both come through here.
//
// FerretDB has no transactions, so every step is an idempotent upsert on a unique key
// (subject {className,name} → chapter {subjectId,name} → topic {chapterId,name} → question {topicId,hash}),
// written through repositories/publishing.ts.
// Publishing the same tree twice changes nothing; a publish that died half-way converges when retried.
// Events go out after the whole tree is stored, one per chapter, with an id derived from the chapter's
// content version: a re-publish of unchanged content repeats the same id and is dropped as a duplicate.
// Each chapter's event is recorded in the outbox before its question count is set and sent after (record → change
// → flush): a process that dies in between leaves the event to the relay, which sets the count first.
import { existingCatalogueName, type ChapterPublished, type ClassName, type PublishResult } from '@lp/contracts';
import { AppError, failPoint, type EventBus, type EventEnvelope } from '@lp/service-kit';
import type { Types } from 'mongoose';
import { chapterPublishedEventId, fingerprint } from '../domain/event-id';
import { ingestTree, type IngestChapter, type IngestTopic, type Rejection } from '../domain/ingest';
import { chapterSlug } from '../domain/slug';
import { topicStats } from '../domain/topic-stats';
import type { PublishingRepository } from '../repositories/publishing';

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
  publishing: PublishingRepository;
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
  return deps.publishing.exclusively('content:publish', PUBLISH_LEASE, () => storeTree(deps, ingest));
}

async function storeTree(deps: PublishDeps, ingest: Extract<ReturnType<typeof ingestTree>, { ok: true }>): Promise<PublishOutcome> {
  const { publishing } = deps;
  const { tree } = ingest;

  const stored: StoredChapter[] = [];
  // A subject or chapter named like a stored one but for case or spacing ("biology" beside "Biology") is that one:
  // the upload files under the stored name. Safe to read then write: the lease keeps other publishers out.
  const subjectNames = await publishing.subjectNames(tree.className);
  for (const subject of tree.subjects) {
    const subjectName = existingCatalogueName(subject.name, subjectNames) ?? subject.name;
    const subjectDoc = await publishing.publishSubject(tree.className, subjectName, subject.hi);
    const chapterNames = await publishing.chapterNames(subjectDoc._id);
    for (const given of subject.chapters) {
      const chapter = { ...given, name: existingCatalogueName(given.name, chapterNames) ?? given.name };
      const chapterDoc = await storeChapter(publishing, tree.className, { id: subjectDoc._id, name: subjectName }, chapter);
      stored.push({ className: tree.className, subjectId: subjectDoc._id, subjectName, chapterId: chapterDoc._id, chapterName: chapterDoc.name });
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

async function storeChapter(publishing: PublishingRepository, className: ClassName, subject: { id: Types.ObjectId; name: string }, chapter: IngestChapter) {
  const slug = chapterSlug({ className, subjectName: subject.name, chapterName: chapter.name, number: chapter.number });
  const chapterDoc = await publishing.publishChapter(subject.id, chapter.name, { number: chapter.number, slug, hi: chapter.hi });
  for (const topic of chapter.topics) await storeTopic(publishing, subject.id, chapterDoc._id, topic);
  return chapterDoc;
}

/** Stores a topic and its questions, then its stats (computed in memory) and content version. */
async function storeTopic(publishing: PublishingRepository, subjectId: Types.ObjectId, chapterId: Types.ObjectId, topic: IngestTopic) {
  const { topic: topicDoc, created } = await publishing.publishTopic(chapterId, subjectId, topic.name, topic.description, topic.hi);
  const questions = await publishing.publishQuestions({ topicId: topicDoc._id, chapterId, subjectId, created }, topic.questions);
  questions.sort((a, b) => String(a._id).localeCompare(String(b._id)));
  const contentVersion = fingerprint(questions.map((q) => [String(q._id), q.hash, q.correctAnswer, q.explanation, q.difficulty, q.figureReference, q.order, q.hi ?? null]));
  await publishing.setTopicStats(topicDoc._id, { ...topicStats(questions), contentVersion });
}

async function announceChapter(deps: PublishDeps, chapter: StoredChapter) {
  const topics = await deps.publishing.topicsOfChapter(chapter.chapterId);
  const questionCount = topics.reduce((sum, t) => sum + t.questionCount, 0);
  // The chapter's content version, from its topics' (each a fingerprint of its questions' stored content).
  const version = fingerprint([chapter.chapterName, topics.map((t) => [String(t._id), t.name, t.description, t.order, t.contentVersion ?? '', t.hi ?? null])]);
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
  await setQuestionCount(deps.publishing, envelope.data);
  await deps.bus.flush(envelope);
  return {
    eventId,
    chapter: { chapterId, subjectId: data.subjectId, subjectName: data.subjectName, chapterName: data.chapterName, topicCount: topics.length, questionCount },
  };
}

/** The chapter's question count, as its event announces it; setting it again changes nothing. */
async function setQuestionCount(publishing: PublishingRepository, chapter: ChapterPublished) {
  await publishing.setQuestionCount(chapter.chapterId, chapter.questionCount);
}

/** A chapter event left in the outbox by a process that died: the relay sets the chapter's count, then sends it. */
export function finishChapterAnnouncements(bus: Pick<EventBus, 'beforeRelay'>, publishing: PublishingRepository) {
  bus.beforeRelay(CHAPTER_PUBLISHED, async (event: EventEnvelope<ChapterPublished>) => setQuestionCount(publishing, event.data));
}
