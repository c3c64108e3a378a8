// PDF → questions jobs (models/pdf-job.ts). Any replica reads a job by `_id`; only the process running it writes
// it, through one writer whose writes go one after another (FerretDB updates to one document must not race, even
// from one process), each a heartbeat too.
import mongoose, { type Connection, type Model } from 'mongoose';
import { pdfJobModel, type PdfJobDoc } from '../models/pdf-job';

export interface PdfJobWriter {
  /** Queues `set` (with a fresh heartbeat) after the writes before it; resolves when it is written. */
  write(set: Partial<PdfJobDoc>): Promise<void>;
  /** Resolves once every write queued so far has settled. */
  settled(): Promise<void>;
}

export class PdfJobsRepository {
  private readonly jobs: Model<PdfJobDoc>;

  constructor(db: Connection) {
    this.jobs = pdfJobModel(db);
  }

  /** Deletes the jobs last written before `before` (a delete: atomic on FerretDB too). */
  async sweepOlderThan(before: Date): Promise<void> {
    await this.jobs.deleteMany({ updatedAt: mongoose.trusted({ $lt: before }) });
  }

  async create(job: PdfJobDoc): Promise<void> {
    await this.jobs.create(job);
  }

  async byId(jobId: string): Promise<PdfJobDoc | null> {
    return this.jobs.findById(jobId).lean<PdfJobDoc>();
  }

  /** The one writer of a running job. */
  writer(jobId: string): PdfJobWriter {
    let writes = Promise.resolve();
    return {
      write: (set) => {
        writes = writes.then(() => this.jobs.updateOne({ _id: jobId }, { $set: { ...set, heartbeatAt: new Date() } }).then(() => undefined));
        return writes;
      },
      settled: () => writes.catch(() => undefined),
    };
  }
}
