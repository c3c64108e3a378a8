// Challenges: each written once with its token → challenge link (read by _id: FerretDB scans for any other filter),
// and the numbered lists of challenges (a learner's sent and inbox) and of a challenge's uses (the kit's NumberedLists).
import { isDuplicateKey, NumberedLists, OnceLog } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { challengeModel, tokenModel, type ChallengeDoc, type TokenDoc } from '../models/challenge';

/** The numbered lists, by name. */
const LISTS = {
  uses: (challengeId: string) => `uses:${challengeId}`,
  sent: (userId: string) => `sent:${userId}`,
  inbox: (userId: string) => `inbox:${userId}`,
};

export class ChallengesRepository {
  private readonly challenges: Model<ChallengeDoc>;
  private readonly tokens: Model<TokenDoc>;
  private readonly lists: NumberedLists;
  /** Per attempt, the challenge back its player made (id and token), decided once. */
  private readonly backs: OnceLog<ChallengeBackRef>;
  /** Resolves once the lists' indexes are built. */
  readonly ready: Promise<unknown>;

  constructor(db: Connection) {
    this.challenges = challengeModel(db);
    this.tokens = tokenModel(db);
    this.lists = new NumberedLists(db);
    this.backs = new OnceLog<ChallengeBackRef>(db, 'challenge_backs');
    this.ready = this.lists.ready;
  }

  async byId(id: string): Promise<ChallengeDoc | null> {
    return this.challenges.findById(id).lean();
  }

  /** The challenge behind a link's token (null for an unknown one). */
  async byToken(token: string): Promise<ChallengeDoc | null> {
    const link = await this.tokens.findById(token).lean();
    const c = link ? await this.byId(link.challengeId) : null;
    return c && c.token === token ? c : null;
  }

  /**
   * Lists the challenge first (the challenger's sent list, and a direct one's recipient's inbox), then writes it: a crash
   * in between leaves a list entry whose challenge is skipped, never a challenge its creator cannot find.
   */
  async create(doc: ChallengeDoc): Promise<void> {
    const cid = String(doc._id);
    await this.lists.add(LISTS.sent(doc.challengerId), cid, { at: doc.createdAt });
    if (doc.challengedId) await this.lists.add(LISTS.inbox(doc.challengedId), cid, { at: doc.createdAt });
    await this.tokens.create({ _id: doc.token, challengeId: cid });
    await this.challenges.create(doc);
  }

  /** The challenge back of an attempt: `proposed` unless one was decided before (a retry, or another replica). */
  async decideBack(attemptId: string, proposed: ChallengeBackRef): Promise<ChallengeBackRef> {
    return (await this.backs.decide(attemptId, proposed)).value;
  }

  /**
   * `create` for a document whose id was decided before: every step may have been done by a racing twin or a
   * crashed first try, so a duplicate at any step is that same write and the next step still runs.
   */
  async createDecided(doc: ChallengeDoc): Promise<void> {
    const cid = String(doc._id);
    await this.lists.add(LISTS.sent(doc.challengerId), cid, { at: doc.createdAt });
    if (doc.challengedId) await this.lists.add(LISTS.inbox(doc.challengedId), cid, { at: doc.createdAt });
    await ignoreDuplicate(this.tokens.create({ _id: doc.token, challengeId: cid }));
    await ignoreDuplicate(this.challenges.create(doc));
  }

  /** The ids of the last `count` challenges a learner sent (or received), newest first. */
  async latestSent(userId: string, count: number) { return this.latest(LISTS.sent(userId), count); }
  async latestReceived(userId: string, count: number) { return this.latest(LISTS.inbox(userId), count); }

  private async latest(list: string, count: number): Promise<string[]> {
    const total = await this.lists.count(list);
    return (await this.lists.refs(list, Math.max(1, total - count + 1), total)).reverse();
  }

  /** How many finished attempts used the challenge. */
  async uses(challengeId: string): Promise<number> {
    return this.lists.count(LISTS.uses(challengeId));
  }

  /** The attempts holding uses 1..`last`, in order. */
  async usedBy(challengeId: string, last: number): Promise<string[]> {
    return this.lists.refs(LISTS.uses(challengeId), 1, last);
  }

  /** The use number an attempt holds (a retry gets its own back), or null when all `max` uses are taken. */
  async takeUse(challengeId: string, attemptId: string, { max, at }: { max: number | null; at: Date }): Promise<number | null> {
    return this.lists.add(LISTS.uses(challengeId), attemptId, { max, at });
  }
}

export interface ChallengeBackRef { challengeId: string; token: string }

async function ignoreDuplicate(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}
