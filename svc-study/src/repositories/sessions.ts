// Quiz sessions: written once, so a replica may keep what it read; a deletion (retake) is seen by the others within
// SESSION_CACHE_MS. Read by _id (FerretDB scans a whole collection for any other filter).
import { isDuplicateKey } from '@lp/service-kit';
import { Types, type Connection, type Model } from 'mongoose';
import { quizSessionModel, type QuizSessionDoc } from '../models/quiz-session';

/** Sessions a replica remembers (a classroom's open quizzes fit many times over). */
export const SESSION_CACHE_SIZE = 20_000;
const SESSION_CACHE_MS = 60_000;

export class SessionsRepository {
  private readonly sessions: Model<QuizSessionDoc>;
  private readonly cache = new Map<string, { doc: QuizSessionDoc; until: number }>();

  constructor(db: Connection) {
    this.sessions = quizSessionModel(db);
  }

  async byId(id: string): Promise<QuizSessionDoc | null> {
    const hit = this.cache.get(id);
    if (hit && hit.until > Date.now()) return hit.doc;
    // New sessions have a string _id (an index lookup); ones started before that have an ObjectId.
    const doc = await this.sessions.collection.findOne({ _id: id } as never) as QuizSessionDoc | null
      ?? (Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id) ? await this.sessions.collection.findOne({ _id: new Types.ObjectId(id) } as never) as QuizSessionDoc | null : null);
    if (!doc) return null;
    if (this.cache.size >= SESSION_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { doc, until: Date.now() + SESSION_CACHE_MS });
    return doc;
  }

  /**
   * A session by an id a runner made (a string `_id`, an index lookup): never the ObjectId fallback of `byId`, which
   * scans the collection on FerretDB and would be paid by every quiz start.
   */
  async byRunnerId(id: string): Promise<QuizSessionDoc | null> {
    const hit = this.cache.get(id);
    if (hit && hit.until > Date.now()) return hit.doc;
    return await this.sessions.collection.findOne({ _id: id } as never) as QuizSessionDoc | null;
  }

  /** Inserts a new session; false when its _id is taken (a repeated start with a runner-made id). */
  async create(doc: QuizSessionDoc): Promise<boolean> {
    try {
      await this.sessions.collection.insertOne(doc as never);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async remove(session: QuizSessionDoc): Promise<void> {
    this.cache.delete(String(session._id));
    await this.sessions.collection.deleteOne({ _id: session._id } as never);
  }

  /** The learner's full and topic quizzes of a topic: the one read not by _id (once per challenge sent; indexed on MongoDB). */
  async quizzesOfTopic(userId: string, topicId: string): Promise<QuizSessionDoc[]> {
    return this.sessions.find({ userId, topicId, mode: { $in: ['full', 'topic'] } }).lean();
  }
}
