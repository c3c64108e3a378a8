// svc-feedback's collections. Every write is an insert keyed by what must exist once, or a delete; the one
// replace (a learner's name and e-mail) is "last writer wins", which is right for a copy of identity's data.
import { modelOn } from '@lp/service-kit';
import { Schema, type Connection } from 'mongoose';
import type { TicketOutcome, TicketStatus } from '@lp/contracts';

/** A ticket as sent: written once (`_id` = ticket number), never updated. */
export interface TicketDoc {
  _id: string;
  userId: string;
  category: string;
  subject: string;
  message: string;
  createdAt: Date;
  attachment: AttachmentMeta | null;
}
export interface AttachmentMeta { filename: string; kind: 'png' | 'jpeg'; size: number; chunks: number }

const attachmentSchema = new Schema<AttachmentMeta>({ filename: String, kind: String, size: Number, chunks: Number }, { _id: false });
const ticketSchema = new Schema<TicketDoc>({
  _id: String, userId: String, category: String, subject: String, message: String, createdAt: Date,
  attachment: { type: attachmentSchema, default: null },
}, { versionKey: false });
ticketSchema.index({ userId: 1 }); // a learner's own tickets
ticketSchema.index({ category: 1 }); // the inbox filtered by category

/** One screenshot's description (`_id` = ticket number), written before the ticket so a relay can rebuild it. */
export interface AttachmentDoc extends AttachmentMeta { _id: string }
const attachmentDocSchema = new Schema<AttachmentDoc>({ _id: String, filename: String, kind: String, size: Number, chunks: Number }, { versionKey: false });

/** One chunk of a screenshot: `_id` = `<ticket number>:<index>`. */
export interface ChunkDoc { _id: string; ticketNumber: string; index: number; data: Buffer }
const chunkSchema = new Schema<ChunkDoc>({ _id: String, ticketNumber: String, index: Number, data: Buffer }, { versionKey: false });

/** The desk's status change and reply: `_id` = the client's replyId, so a retried reply is recorded once. */
export interface UpdateDoc { _id: string; ticketNumber: string; status: TicketStatus; reply: string | null; by: string; at: Date }
const updateSchema = new Schema<UpdateDoc>({ _id: String, ticketNumber: String, status: String, reply: { type: String, default: null }, by: String, at: Date }, { versionKey: false });
updateSchema.index({ ticketNumber: 1 }); // a page of tickets' updates

/** Billing's decision on a ticket (billing.refund.updated): `_id` = the event id. */
export interface OutcomeDoc { _id: string; ticketNumber: string; userId: string; outcome: TicketOutcome['outcome']; reason: string; decidedAt: Date }
const outcomeSchema = new Schema<OutcomeDoc>({ _id: String, ticketNumber: String, userId: String, outcome: String, reason: String, decidedAt: Date }, { versionKey: false });
outcomeSchema.index({ ticketNumber: 1 }); // a page of tickets' refund outcomes

/** Who a learner is, from identity.user.upserted, for the inbox: `_id` = user id. */
export interface LearnerDoc { _id: string; name: string; email: string; at: Date }
const learnerSchema = new Schema<LearnerDoc>({ _id: String, name: String, email: String, at: Date }, { versionKey: false });

/** A reply the learner has seen as a notice (issue 31 §17): `_id` = `<userId>:<replyId>`, inserted once, read by `_id`. */
export interface NoticeReadDoc { _id: string; at: Date }
const noticeReadSchema = new Schema<NoticeReadDoc>({ _id: String, at: Date }, { versionKey: false });

export function feedbackModels(db: Connection) {
  return {
    tickets: modelOn(db, 'Ticket', ticketSchema, 'tickets'),
    attachments: modelOn(db, 'Attachment', attachmentDocSchema, 'attachments'),
    chunks: modelOn(db, 'AttachmentChunk', chunkSchema, 'attachment_chunks'),
    updates: modelOn(db, 'TicketUpdate', updateSchema, 'ticket_updates'),
    outcomes: modelOn(db, 'TicketOutcome', outcomeSchema, 'ticket_outcomes'),
    learners: modelOn(db, 'Learner', learnerSchema, 'learners'),
    noticeReads: modelOn(db, 'NoticeRead', noticeReadSchema, 'notice_reads'),
  };
}
export type FeedbackModels = ReturnType<typeof feedbackModels>;
