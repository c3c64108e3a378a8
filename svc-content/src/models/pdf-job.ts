import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { PdfReview } from '@lp/contracts';

/**
 * A PDF → questions job. Any replica answers the progress route from it; only the process that runs the job
 * writes it (one writer, its writes queued in order), and `heartbeatAt` tells the others whether that process lives.
 */
export interface PdfJobDoc {
  _id: string;
  userId: string;
  state: 'running' | 'done' | 'failed';
  stage: string;
  pageCount: number;
  pagesRead: number;
  chunkCount: number;
  chunksDone: number;
  questionsKept: number;
  percent: number;
  message: string | null;
  result: PdfReview | null;
  heartbeatAt: Date;
  createdAt?: Date;
}

export function pdfJobModel(db: Connection): Model<PdfJobDoc> {
  if (db.models.PdfJob) return db.models.PdfJob as Model<PdfJobDoc>;
  const schema = new Schema<PdfJobDoc>({
    _id: String,
    userId: String,
    state: { type: String, enum: ['running', 'done', 'failed'] },
    stage: String,
    pageCount: Number, pagesRead: Number, chunkCount: Number, chunksDone: Number, questionsKept: Number, percent: Number,
    message: { type: String, default: null },
    result: { type: Schema.Types.Mixed, default: null },
    heartbeatAt: Date,
  }, { versionKey: false, strict: true, strictQuery: 'throw', timestamps: true, minimize: false });
  schema.index({ updatedAt: 1 }); // the sweep of old jobs
  return db.model<PdfJobDoc>('PdfJob', schema, 'pdf_jobs');
}
