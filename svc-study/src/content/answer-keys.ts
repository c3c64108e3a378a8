// Questions and their answer keys, asked of svc-content over NATS (content.rpc.answerKeys) and kept
// briefly in memory: keys change only when content is published, and POST /api/answers must be fast.
import type { AnswerKey, Question } from '@lp/contracts';
import { AppError, type EventBus } from '@lp/service-kit';

const MAX_PER_REQUEST = 500;

/** Any failure to read content (no answer, a failure, an answer out of contract) is a 503 for the learner. */
export const contentUnavailable = () => new AppError(503, 'Questions cannot be loaded right now. Please try again in a moment.', 'CONTENT_UNAVAILABLE');

export interface AnswerKeysOptions {
  ttlMs: number;
  maxEntries?: number;
}

export class AnswerKeys {
  private readonly cache = new Map<string, { key: AnswerKey; expiresAt: number }>();
  /** Requests in flight by question id: concurrent answers to the same questions share one request. */
  private readonly inFlight = new Map<string, Promise<AnswerKey | undefined>>();

  private readonly answerKeys;

  constructor(bus: Pick<EventBus, 'rpc'>, private readonly opts: AnswerKeysOptions) {
    this.answerKeys = bus.rpc('content.rpc.answerKeys', { failure: contentUnavailable });
  }

  /** Keys of the given questions; unknown ids are absent. 503 when content does not answer. */
  async getMany(questionIds: readonly string[]): Promise<Map<string, AnswerKey>> {
    const found = new Map<string, AnswerKey>();
    const waits: Array<Promise<void>> = [];
    const missing: string[] = [];
    const now = Date.now();
    for (const id of new Set(questionIds)) {
      const hit = this.cache.get(id);
      const pending = this.inFlight.get(id);
      if (hit && hit.expiresAt > now) found.set(id, hit.key);
      else if (pending) waits.push(pending.then((key) => { if (key) found.set(id, key); }));
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += MAX_PER_REQUEST) {
      const chunk = missing.slice(i, i + MAX_PER_REQUEST);
      const request = this.fetchChunk(chunk);
      for (const id of chunk) {
        const one = request.then((keys) => keys.get(id));
        this.inFlight.set(id, one);
        waits.push(one.then((key) => { if (key) found.set(id, key); }));
      }
      void request.finally(() => { for (const id of chunk) this.inFlight.delete(id); }).catch(() => {});
    }
    await Promise.all(waits);
    return found;
  }

  private async fetchChunk(chunk: string[]): Promise<Map<string, AnswerKey>> {
    const reply = await this.answerKeys({ questionIds: chunk });
    const keys = new Map<string, AnswerKey>();
    for (const key of reply.keys) {
      if (!chunk.includes(key.questionId)) continue;
      keys.set(key.questionId, key);
      this.remember(key);
    }
    return keys;
  }

  async get(questionId: string): Promise<AnswerKey | undefined> {
    return (await this.getMany([questionId])).get(questionId);
  }

  /** Questions as a learner sees them before answering, in the order of `questionIds`; unknown ids skipped. */
  async questions(questionIds: readonly string[]): Promise<Question[]> {
    if (questionIds.length === 0) return [];
    const keys = await this.getMany(questionIds);
    return questionIds.flatMap((id) => {
      const key = keys.get(id);
      return key ? [questionOf(key)] : [];
    });
  }

  private remember(key: AnswerKey) {
    const max = this.opts.maxEntries ?? 20_000;
    if (this.cache.size >= max) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(key.questionId);
    this.cache.set(key.questionId, { key, expiresAt: Date.now() + this.opts.ttlMs });
  }
}

/** A question without its answer key or explanation. */
export function questionOf(key: AnswerKey): Question {
  return {
    id: key.questionId,
    topicId: key.topicId,
    chapterId: key.chapterId,
    question: key.question,
    type: key.type,
    options: key.options,
    difficulty: key.difficulty,
    figureReference: key.figureReference,
    ...(key.hi ? { hi: { question: key.hi.question, options: key.hi.options } } : {}),
  };
}
