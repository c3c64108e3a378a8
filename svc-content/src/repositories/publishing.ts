// The writes of the one publishing path (publishing/publish-tree.ts, publishing/catalogue.ts, the seed).
// FerretDB has no transactions, so every write is an idempotent upsert on a unique key
// (subject {className,name} → chapter {subjectId,name} → topic {chapterId,name} → question {topicId,hash});
// two publishes racing on the same new key: one insert wins, the other retries and finds it.
// FerretDB's SQLite backend pushes down only `_id` filters, so other filters scan the collection: a topic's
// questions are read once (not at all for a new topic), new ones inserted in one call, changed ones updated by `_id`.
import type { ClassName } from '@lp/contracts';
import { Leases, isDuplicateKey, type LeaseOptions } from '@lp/service-kit';
import { Types as mongooseTypes, type Connection, type Model, type Types, type UpdateQuery } from 'mongoose';
import { CATALOGUE_REVISION_ID, catalogueRevisionModel, type CatalogueRevisionDoc } from '../models/catalogue-revision';
import { chapterModel, type ChapterDoc } from '../models/chapter';
import { questionModel, type QuestionDoc } from '../models/question';
import { subjectModel, type SubjectDoc } from '../models/subject';
import { topicModel, type TopicDoc } from '../models/topic';

/** Stored fields of a question that an upload may change (its identity, text/type/options, is the hash). */
const QUESTION_FIELDS = ['question', 'type', 'options', 'correctAnswer', 'explanation', 'difficulty', 'figureReference', 'hi'] as const;
export type QuestionFields = Pick<QuestionDoc, (typeof QUESTION_FIELDS)[number]>;
export type StoredQuestion = Pick<QuestionDoc, '_id' | 'hash' | 'order' | 'chapterId' | 'subjectId' | 'source' | (typeof QUESTION_FIELDS)[number]>;
export type TopicStats = Pick<TopicDoc, 'questionCount' | 'easyPercentage' | 'hardPercentage' | 'questionCountByType' | 'contentVersion'>;

export class PublishingRepository {
  private readonly subjects: Model<SubjectDoc>;
  private readonly chapters: Model<ChapterDoc>;
  private readonly topics: Model<TopicDoc>;
  private readonly questions: Model<QuestionDoc>;
  private readonly revisions: Model<CatalogueRevisionDoc>;

  constructor(private readonly db: Connection) {
    this.subjects = subjectModel(db);
    this.chapters = chapterModel(db);
    this.topics = topicModel(db);
    this.questions = questionModel(db);
    this.revisions = catalogueRevisionModel(db);
  }

  /**
   * After a write to subjects, chapters or topics: every replica's cached class listing is stale from now on. Counted
   * after the write, so a listing read meanwhile is kept under the old revision and read again on the next request.
   */
  private async catalogueChanged(): Promise<void> {
    await this.revisions.updateOne({ _id: CATALOGUE_REVISION_ID }, { $inc: { revision: 1 } }, { upsert: true });
  }

  /** Runs `step` holding the lease `key`, one holder at a time across replicas (the kit's Leases). */
  async exclusively<T>(key: string, lease: LeaseOptions, step: () => Promise<T>): Promise<T> {
    return new Leases(this.db).run(key, lease, step);
  }

  /** Whether any subject is stored (the demo seed is not published over uploaded content). */
  async hasContent(): Promise<boolean> {
    return Boolean(await this.subjects.exists({}));
  }

  /** The names of the subjects stored for a class (to file an upload under one differing only in case or spacing). */
  async subjectNames(className: ClassName): Promise<string[]> {
    return (await this.subjects.find({ className }, { name: 1 }).lean()).map((s) => s.name);
  }

  /** The names of a subject's stored chapters. */
  async chapterNames(subjectId: Types.ObjectId): Promise<string[]> {
    return (await this.chapters.find({ subjectId }, { name: 1 }).lean()).map((c) => c.name);
  }

  /** A published subject: available (no longer Coming Soon); a new one goes last in its class. */
  async publishSubject(className: ClassName, name: string, hi: SubjectDoc['hi'] = null): Promise<SubjectDoc> {
    const subject = await upsertOne(this.subjects, { className, name }, {
      $set: { comingSoon: false, ...hindi(hi) },
      $setOnInsert: { order: await this.subjects.countDocuments({ className }) },
    });
    await this.catalogueChanged();
    return subject;
  }

  /**
   * A published chapter. A number given sets the order and the file name; without one, a new chapter goes last and
   * an existing one keeps its place.
   */
  async publishChapter(subjectId: Types.ObjectId, name: string, { number, slug, hi = null }: { number: number | null; slug: string; hi?: ChapterDoc['hi'] }): Promise<ChapterDoc> {
    const update: UpdateQuery<unknown> = number
      ? { $set: { number, order: number, slug, ...hindi(hi) } }
      : { $setOnInsert: { number: null, order: (await this.chapters.countDocuments({ subjectId })) + 1, slug }, ...(hi ? { $set: hindi(hi) } : {}) };
    const chapter = await upsertOne(this.chapters, { subjectId, name }, update);
    await this.catalogueChanged();
    return chapter;
  }

  /** A published topic (its description only when one is given); a new one goes last in its chapter. */
  async publishTopic(chapterId: Types.ObjectId, subjectId: Types.ObjectId, name: string, description: string | null, hi: TopicDoc['hi'] = null): Promise<{ topic: TopicDoc; created: boolean }> {
    const upserted = await withDuplicateKeyRetry(() => this.topics.findOneAndUpdate({ chapterId, name }, {
      $set: { subjectId, ...(description !== null ? { description } : {}), ...hindi(hi) },
      $setOnInsert: { order: 0 },
    }, { upsert: true, new: true, includeResultMetadata: true }).lean()) as unknown as { value: TopicDoc | null; lastErrorObject?: { updatedExisting?: boolean } };
    const topic = upserted.value;
    if (!topic) throw new Error(`upsert of topic ${name} returned nothing`);
    const created = !upserted.lastErrorObject?.updatedExisting;
    if (created) await this.topics.updateOne({ _id: topic._id }, { $set: { order: await this.topics.countDocuments({ chapterId }) } });
    await this.catalogueChanged();
    return { topic, created };
  }

  /**
   * Stores a topic's questions by hash: new ones inserted after the last, changed ones updated, the rest untouched.
   * Answers every question of the topic as stored. A new topic's questions are not read first, unless a racing
   * publish of the same tree got there first (then this retries, reading them).
   */
  async publishQuestions(
    topic: { topicId: Types.ObjectId; chapterId: Types.ObjectId; subjectId: Types.ObjectId; created: boolean },
    questions: Array<QuestionFields & { hash: string; source?: QuestionDoc['source'] }>,
  ): Promise<StoredQuestion[]> {
    const { topicId, chapterId, subjectId } = topic;
    let attempt = 0;
    return withDuplicateKeyRetry(async () => {
      const existing = topic.created && attempt++ === 0 ? [] : await this.questions.find({ topicId }).lean<StoredQuestion[]>();
      const byHash = new Map(existing.map((q) => [q.hash, q]));
      let nextOrder = existing.reduce((max, q) => Math.max(max, q.order), 0);
      const inserts: Array<StoredQuestion & { topicId: Types.ObjectId }> = [];
      const updates: Array<{ _id: Types.ObjectId; set: Partial<StoredQuestion> }> = [];
      for (const q of questions) {
        const fields: QuestionFields = { question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation, difficulty: q.difficulty, figureReference: q.figureReference, hi: q.hi ?? null };
        // A PDF source is set when the upload gives one and kept when it does not (a JSON re-upload of the question).
        const source = q.source ? { source: { page: q.source.page, excerpt: q.source.excerpt } } : {};
        const stored = byHash.get(q.hash);
        if (!stored) {
          const doc = { _id: new mongooseTypes.ObjectId(), topicId, chapterId, subjectId, hash: q.hash, order: ++nextOrder, ...fields, ...source };
          inserts.push(doc);
          byHash.set(q.hash, doc);
          continue;
        }
        const changed = QUESTION_FIELDS.some((f) => JSON.stringify(stored[f] ?? null) !== JSON.stringify(fields[f] ?? null))
          || !stored.chapterId?.equals(chapterId) || !stored.subjectId?.equals(subjectId)
          || (source.source !== undefined && (stored.source?.page !== source.source.page || stored.source?.excerpt !== source.source.excerpt));
        if (changed) {
          updates.push({ _id: stored._id, set: { ...fields, chapterId, subjectId, ...source } });
          byHash.set(q.hash, { ...stored, ...fields, chapterId, subjectId, ...source });
        }
      }
      if (inserts.length > 0) await this.questions.insertMany(inserts, { ordered: false });
      if (updates.length > 0) await this.questions.bulkWrite(updates.map((u) => ({ updateOne: { filter: { _id: u._id }, update: { $set: u.set } } })), { ordered: false });
      return [...byHash.values()];
    });
  }

  async setTopicStats(topicId: Types.ObjectId, stats: TopicStats): Promise<void> {
    await this.topics.updateOne({ _id: topicId }, { $set: stats });
    await this.catalogueChanged();
  }

  /** A chapter's topics in display order. */
  async topicsOfChapter(chapterId: Types.ObjectId): Promise<TopicDoc[]> {
    return this.topics.find({ chapterId }).sort({ order: 1, _id: 1 }).lean<TopicDoc[]>();
  }

  /** Sets a chapter's question count (as its event announces it); setting it again changes nothing. */
  async setQuestionCount(chapterId: string, questionCount: number): Promise<void> {
    await this.chapters.updateOne({ _id: new mongooseTypes.ObjectId(chapterId) }, { $set: { questionCount } });
    await this.catalogueChanged();
  }

  /** A catalogue subject: its order follows the catalogue; one that already has content stays available even if the catalogue still says Coming Soon. */
  async registerSubject(subject: { className: string; name: string; order: number; comingSoon: boolean }): Promise<SubjectDoc> {
    const doc = await this.subjects.findOneAndUpdate(
      { className: subject.className, name: subject.name },
      { $set: { order: subject.order }, $setOnInsert: { comingSoon: subject.comingSoon } },
      { upsert: true, new: true },
    ).lean<SubjectDoc>();
    if (!doc) throw new Error(`could not register subject ${subject.name}`);
    await this.catalogueChanged();
    return doc;
  }

  /** A catalogue chapter, with or without questions yet. */
  async registerChapter(subjectId: Types.ObjectId, chapter: { name: string; number: number; slug: string }): Promise<void> {
    await this.chapters.updateOne(
      { subjectId, name: chapter.name },
      { $set: { number: chapter.number, order: chapter.number, slug: chapter.slug } },
      { upsert: true },
    );
    await this.catalogueChanged();
  }
}

/** A catalogue entry's Hindi name, set when an upload gives one (like a topic's description, kept when it gives none). */
const hindi = (hi: { name: string; description?: string } | null | undefined) => (hi ? { hi } : {});

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
