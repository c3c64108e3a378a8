// Screenshots: chunks (`_id` = `<ticket number>:<index>`) and a description (`_id` = ticket number), each a unique
// insert, written before the ticket so a retry or the relay can finish a filing that died half-way.
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { splitChunks } from '../domain/attachment';
import { feedbackModels, type AttachmentDoc, type AttachmentMeta, type ChunkDoc } from '../models/index';

export class AttachmentsRepository {
  private readonly attachments: Model<AttachmentDoc>;
  private readonly chunks: Model<ChunkDoc>;

  constructor(db: Connection) {
    const models = feedbackModels(db);
    this.attachments = models.attachments;
    this.chunks = models.chunks;
  }

  /** Stores a screenshot's chunks, then its description; storing it again writes nothing twice. */
  async store(ticketNumber: string, file: { filename: string; kind: 'png' | 'jpeg'; bytes: Buffer }): Promise<void> {
    const chunks = splitChunks(file.bytes);
    await Promise.all(chunks.map((data, index) => insertOnce(this.chunks, { _id: `${ticketNumber}:${index}`, ticketNumber, index, data })));
    await insertOnce(this.attachments, { _id: ticketNumber, filename: file.filename.slice(0, 200), kind: file.kind, size: file.bytes.length, chunks: chunks.length });
  }

  /** The description of a ticket's screenshot, as the ticket keeps it; null when it has none. */
  async description(ticketNumber: string): Promise<AttachmentMeta | null> {
    const attachment = await this.attachments.findById(ticketNumber).lean();
    return attachment ? { filename: attachment.filename, kind: attachment.kind, size: attachment.size, chunks: attachment.chunks } : null;
  }

  /** A screenshot's bytes from its `count` chunks, read one at a time by `_id` (FerretDB scans for anything else); null when a chunk is missing. */
  async bytes(ticketNumber: string, count: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const chunk = await this.chunks.findById(`${ticketNumber}:${i}`).lean();
      if (!chunk) return null;
      const data = chunk.data as unknown; // a Buffer, or the driver's Binary from a lean read
      parts.push(Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer));
    }
    return Buffer.concat(parts);
  }
}
