// Open flags, the notices they end in, and the admin's edits of a flagged question, on svc-content's own database. Every "once" here is a unique insert:
// a student's flag (`questionId:userId`) and a notice (one per closed flag). Updates only change a flag's reason
// and note, where a lost race leaves one of the two writes, never a second flag.
import type { FlagReason, StudentNotice } from '@lp/contracts';
import { insertOnce, isDuplicateKey } from '@lp/service-kit';
import mongoose, { type Connection, type Model, type Types } from 'mongoose';
import { flagKey, hiddenQuestionIds, type OpenFlag } from '../domain/flags';
import { flagNoticeModel, type FlagNoticeDoc } from '../models/flag-notice';
import { flagNoticeReadModel, type FlagNoticeReadDoc } from '../models/flag-notice-read';
import { questionModel, type QuestionDoc } from '../models/question';
import { questionFlagModel, type QuestionFlagDoc } from '../models/question-flag';

export class FlagsRepository {
  private readonly flags: Model<QuestionFlagDoc>;
  private readonly notices: Model<FlagNoticeDoc>;
  private readonly noticeReads: Model<FlagNoticeReadDoc>;
  private readonly questions: Model<QuestionDoc>;

  constructor(db: Connection) {
    this.flags = questionFlagModel(db);
    this.notices = flagNoticeModel(db);
    this.noticeReads = flagNoticeReadModel(db);
    this.questions = questionModel(db);
  }

  /** A question with its key, retired or not, or null. */
  async question(id: string): Promise<QuestionDoc | null> {
    return this.questions.findById(id).lean<QuestionDoc>();
  }

  /** The id of the question of `topicId` with this identity hash, if any. */
  async questionWithHash(topicId: Types.ObjectId, hash: string): Promise<Types.ObjectId | null> {
    return (await this.questions.findOne({ topicId, hash }, { _id: 1 }).lean<{ _id: Types.ObjectId }>())?._id ?? null;
  }

  /** An admin's correction, by `_id` (a second admin's racing correction leaves one of the two whole). */
  async correctQuestion(id: Types.ObjectId, fields: Pick<QuestionDoc, 'question' | 'options' | 'correctAnswer' | 'explanation' | 'hash'>): Promise<void> {
    await this.questions.updateOne({ _id: id }, { $set: fields });
  }

  async retireQuestion(id: Types.ObjectId): Promise<void> {
    await this.questions.updateOne({ _id: id }, { $set: { retired: true } });
  }

  /** The student's flag on the question: created once, then its reason and note replaced. */
  async flag(input: { questionId: string; userId: string; reason: FlagReason; note: string; at: Date }): Promise<QuestionFlagDoc> {
    const _id = flagKey(input.questionId, input.userId);
    const doc = { _id, questionId: input.questionId, userId: input.userId, reason: input.reason, note: input.note, flaggedAt: input.at };
    try {
      await this.flags.create(doc);
      return doc;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await this.flags.updateOne({ _id }, { $set: { reason: input.reason, note: input.note } });
    return (await this.flags.findById(_id).lean<QuestionFlagDoc>()) ?? doc;
  }

  /** Every open flag (the collection holds only open ones, closed flags are deleted, so it stays small). */
  async open(): Promise<OpenFlag[]> {
    return this.flags.find({}, { questionId: 1, userId: 1, reason: 1, note: 1, flaggedAt: 1 }).lean<QuestionFlagDoc[]>();
  }

  async openOf(questionId: string): Promise<QuestionFlagDoc[]> {
    return this.flags.find({ questionId }).lean<QuestionFlagDoc[]>();
  }

  /** The questions open flags hold back from new quizzes. */
  async heldBack(): Promise<Set<string>> {
    return hiddenQuestionIds(await this.flags.find({}, { questionId: 1, userId: 1 }).lean<QuestionFlagDoc[]>());
  }

  /** Closes the flags an admin acted on: by id, so a flag that arrived meanwhile stays open for the next look. */
  async close(flagIds: string[]): Promise<void> {
    if (flagIds.length > 0) await this.flags.deleteMany({ _id: mongoose.trusted({ $in: flagIds }) });
  }

  /** Leaves a notice once per id (a retried correction repeats the ids); true when this call left it. */
  async notify(notice: Omit<FlagNoticeDoc, 'createdAt'>): Promise<boolean> {
    return insertOnce(this.notices, notice);
  }

  /** The notices among `noticeIds` this student has marked seen (one query by `_id`, none for no notices). */
  async seenNotices(userId: string, noticeIds: string[]): Promise<Set<string>> {
    if (noticeIds.length === 0) return new Set();
    const docs = await this.noticeReads.find({ _id: mongoose.trusted({ $in: noticeIds.map((id) => noticeReadKey(userId, id)) }) }, { _id: 1 }).lean<FlagNoticeReadDoc[]>();
    return new Set(docs.map((d) => d._id.slice(userId.length + 1)));
  }

  /** Marks notices seen: one insert per student and notice, so a second tab or replica marking it writes nothing. */
  async markNoticesSeen(userId: string, noticeIds: string[]): Promise<void> {
    await Promise.all(noticeIds.map((id) => insertOnce(this.noticeReads, { _id: noticeReadKey(userId, id) })));
  }

  /** The student's notices, seen or not, newest first (the latest 50). */
  async noticesOf(userId: string): Promise<StudentNotice[]> {
    const docs = await this.notices.find({ userId }).sort({ createdAt: -1 }).limit(50).lean<FlagNoticeDoc[]>();
    return docs.map((n) => ({
      id: n._id, kind: 'flag-corrected', text: n.text, questionId: n.questionId,
      ...(n.question === undefined ? {} : { question: n.question }), createdAt: n.createdAt.toISOString(),
    }));
  }
}

const noticeReadKey = (userId: string, noticeId: string) => `${userId}:${noticeId}`;
