// Which sample questions each visitor was given (see models/sample-issue.ts), for svc-study's sample scoring.
// Expired records are swept at most every ten minutes per instance (no TTL index on FerretDB).
import type { Connection, Model } from 'mongoose';
import { sampleIssueModel, type SampleIssueDoc } from '../models/sample-issue';

/** Long enough to finish a sample quiz at leisure, short enough that the records stay few. */
export const SAMPLE_ISSUE_TTL_MS = 3 * 3_600_000;

export class SampleIssuesRepository {
  private lastSweep = 0;
  private readonly model: Model<SampleIssueDoc>;

  constructor(db: Connection, private readonly now: () => Date = () => new Date()) {
    this.model = sampleIssueModel(db);
  }

  /** Notes that `visitor` was given these questions; giving the same one again only extends its time. */
  async issue(visitor: string, questionIds: string[]) {
    const expiresAt = new Date(this.now().getTime() + SAMPLE_ISSUE_TTL_MS);
    // A whole-document replace keyed by visitor and question: two racing writes of it leave the same record.
    await Promise.all(questionIds.map((qid) => this.model.replaceOne({ _id: `${visitor}:${qid}` }, { expiresAt }, { upsert: true })));
    void this.sweep();
  }

  async issued(visitor: string, questionId: string): Promise<boolean> {
    const doc = await this.model.findById(`${visitor}:${questionId}`).lean();
    return Boolean(doc && doc.expiresAt.getTime() > this.now().getTime());
  }

  private async sweep() {
    const at = this.now();
    if (at.getTime() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = at.getTime();
    await this.model.deleteMany({ expiresAt: { $lte: at } }).catch(() => undefined);
  }
}
