// Session completions: decided once (the kit's OnceLog `session_completions`, a unique insert) and never undone, so a
// replica remembers a decided one.
import { OnceLog } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import type { SessionCompletion } from '../models/quiz-session';
import { SESSION_CACHE_SIZE } from './sessions';

export class CompletionsRepository {
  private readonly log: OnceLog<SessionCompletion>;
  private readonly decided = new Map<string, SessionCompletion>();

  constructor(db: Connection) {
    this.log = new OnceLog<SessionCompletion>(db, 'session_completions');
  }

  async get(sessionId: string): Promise<SessionCompletion | null> {
    const known = this.decided.get(sessionId);
    if (known) return known;
    const value = await this.log.get(sessionId);
    if (value) this.remember(sessionId, value);
    return value;
  }

  /** The first decision for the session wins; every caller gets it back. */
  async decide(sessionId: string, value: SessionCompletion): Promise<{ first: boolean; value: SessionCompletion }> {
    const r = await this.log.decide(sessionId, value);
    this.remember(sessionId, r.value);
    return r;
  }

  private remember(sessionId: string, value: SessionCompletion) {
    if (this.decided.size >= SESSION_CACHE_SIZE) this.decided.delete(this.decided.keys().next().value!);
    this.decided.set(sessionId, value);
  }
}
