// A fixed-window counter that cannot be outrun: each counted hit is an inserted record whose _id is a slot
// number in the window (`<key>:<window start>:<n>`, n = 1..limit). Two racing hits can never take the same
// slot, so at most `limit` hits are allowed per window whatever the concurrency; the count is the number of
// slots taken. A `$inc` on one document would be simpler, and on FerretDB v1 it loses increments (400
// concurrent hits once left a counter at 39).
import { Schema, type Connection, type Model } from 'mongoose';
import { KeyedLock } from './keyed-lock';
import { insertOnce, modelOn } from './records';

export interface WindowRule {
  limit: number;
  windowMs: number;
}

export interface WindowHit {
  allowed: boolean;
  /** Slots taken in this window, this hit included when allowed (capped at the limit). */
  count: number;
  /** Milliseconds until the window ends (at least 1000 when refused, for a Retry-After of whole seconds). */
  retryAfterMs: number;
  /** The slots this hit took (allowed hits): give them back with `release` when the hit should not count. */
  slots: string[];
}

interface HitDoc { _id: string; key: string; expiresAt: Date }
const hitSchema = new Schema<HitDoc>({ _id: String, key: String, expiresAt: Date }, { versionKey: false });
hitSchema.index({ expiresAt: 1 }); // the sweep of past windows

export class WindowCounter {
  private readonly model: Model<HitDoc>;
  /** The last slot this process saw taken per key and window: where the next probe starts. */
  private readonly hints = new Map<string, number>();
  private lastSweep = 0;
  private readonly local = new KeyedLock();

  private readonly releasable: boolean;

  /**
   * `releasable`: hits may be given back (`release`), e.g. a password attempt that turned out right. A refused
   * hit then looks again at the slots below the last one seen taken, since any may have been freed (at most
   * `limit` more inserts: for small limits such as a password's).
   */
  constructor(db: Connection, private readonly rule: WindowRule, { collection = 'window_hits', now = () => new Date(), releasable = false }: { collection?: string; now?: () => Date; releasable?: boolean } = {}) {
    if (!(rule.limit >= 1) || !(rule.windowMs >= 1)) throw new Error('WindowCounter needs limit ≥ 1 and windowMs ≥ 1');
    this.model = modelOn(db, `WindowHits_${collection}`, hitSchema, collection);
    this.now = now;
    this.releasable = releasable;
  }

  private readonly now: () => Date;

  windowStart(at: Date) {
    return Math.floor(at.getTime() / this.rule.windowMs) * this.rule.windowMs;
  }

  /** Counts one hit on `key` if a slot is left in the current window. */
  async hit(key: string): Promise<WindowHit> {
    // This process's hits on one key probe one after another, each starting past the last slot seen taken.
    return this.local.run(key, () => this.probe(key));
  }

  private async probe(key: string): Promise<WindowHit> {
    const at = this.now();
    const start = this.windowStart(at);
    const retryAfterMs = Math.max(1, start + this.rule.windowMs - at.getTime());
    const window = `${key}:${start}`;
    const expiresAt = new Date(start + this.rule.windowMs);
    void this.sweep(at);
    const hint = this.hints.get(window) ?? 0;
    for (let n = hint + 1; n <= this.rule.limit; n++) {
      if (await insertOnce(this.model, { _id: `${window}:${n}`, key: window, expiresAt })) {
        this.remember(window, n);
        return { allowed: true, count: n, retryAfterMs, slots: [`${window}:${n}`] };
      }
      this.remember(window, n);
    }
    // Released slots lie below the hint: still one insert per slot, so never more than `limit` live hits.
    for (let n = 1; this.releasable && n <= Math.min(hint, this.rule.limit); n++) {
      if (await insertOnce(this.model, { _id: `${window}:${n}`, key: window, expiresAt })) return { allowed: true, count: n, retryAfterMs, slots: [`${window}:${n}`] };
    }
    return { allowed: false, count: this.rule.limit, retryAfterMs: Math.max(1000, retryAfterMs), slots: [] };
  }

  /** Gives back slots taken by allowed hits (deletes are atomic): they no longer count in their window. */
  async release(slots: readonly string[]): Promise<void> {
    if (!this.releasable) throw new Error('This WindowCounter was not created releasable');
    await Promise.all(slots.map((_id) => this.model.deleteOne({ _id })));
  }

  /** Hits every key; allowed only if each key had a slot left (a refused key still counts on the others). */
  async hitAll(keys: string[]): Promise<WindowHit> {
    const hits = await Promise.all(keys.map((k) => this.hit(k)));
    const refused = hits.filter((h) => !h.allowed);
    const slots = hits.flatMap((h) => h.slots);
    if (refused.length === 0) return { allowed: true, count: Math.max(...hits.map((h) => h.count)), retryAfterMs: Math.min(...hits.map((h) => h.retryAfterMs)), slots };
    return { allowed: false, count: Math.max(...refused.map((h) => h.count)), retryAfterMs: Math.max(...refused.map((h) => h.retryAfterMs)), slots };
  }

  private remember(window: string, n: number) {
    if ((this.hints.get(window) ?? 0) < n) this.hints.set(window, n);
    if (this.hints.size > 10_000) this.hints.delete(this.hints.keys().next().value as string);
  }

  /** Past windows are deleted here, at most once a minute (FerretDB has no TTL indexes). */
  private async sweep(at: Date) {
    if (at.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = at.getTime();
    for (const w of this.hints.keys()) if (Number(w.slice(w.lastIndexOf(':') + 1)) + this.rule.windowMs <= at.getTime()) this.hints.delete(w);
    await this.model.deleteMany({ expiresAt: { $lte: at } }).catch(() => undefined);
  }
}
