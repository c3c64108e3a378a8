// What students and admins do with flags (issue 32 §4): flag, read the grouped queue, and close a question's flags
// by correcting it, retiring it or dismissing them. A correction re-scores nothing; it tells each flagging student.
import {
  correctionNoticeText, noticeQuestion, type CorrectQuestionBody, type FlagAction, type FlagQuestionBody, type FlaggedQuestion,
  type FlagResolution, type MyFlag, type StudentNotice,
} from '@lp/contracts';
import { normaliseQuestion } from '@lp/question-rules';
import { badRequest, conflict, notFound } from '@lp/service-kit';
import { correctionNoticeId, groupFlags } from '../domain/flags';
import { questionHash } from '../domain/ingest';
import type { AnsweredAsker } from '../events/study-answered';
import type { QuestionDoc } from '../models/question';
import type { FlagsRepository } from '../repositories/flags';

export const FLAG_MESSAGES = {
  retired: 'This question has been retired; there is nothing to flag.',
  sameAsOther: 'Another question of this topic already reads exactly like the corrected one.',
  notAnswered: 'Answer this question in a quiz before reporting a problem with it.',
} as const;

export class FlagReview {
  constructor(
    private readonly flags: FlagsRepository,
    /** Whether the student answered the question (svc-study decides: nothing from the client is trusted). */
    private readonly answered: AnsweredAsker,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async question(id: string): Promise<QuestionDoc> {
    const q = await this.flags.question(id);
    if (!q) throw notFound('Question');
    return q;
  }

  async flag(userId: string, questionId: string, body: FlagQuestionBody): Promise<MyFlag> {
    const q = await this.question(questionId);
    if (q.retired) throw conflict(FLAG_MESSAGES.retired, 'RETIRED');
    if (!(await this.answered(userId, questionId))) throw conflict(FLAG_MESSAGES.notAnswered, 'NOT_ANSWERED');
    const flag = await this.flags.flag({ questionId, userId, reason: body.reason, note: (body.note ?? '').trim(), at: this.now() });
    return { questionId, reason: flag.reason, note: flag.note, flaggedAt: flag.flaggedAt.toISOString() };
  }

  /** The student's notices not yet marked seen, newest first: each shows until the student marks it seen. */
  async unseenNotices(userId: string): Promise<StudentNotice[]> {
    const notices = await this.flags.noticesOf(userId);
    const seen = await this.flags.seenNotices(userId, notices.map((n) => n.id));
    return notices.filter((n) => !seen.has(n.id));
  }

  /** Marks the student's own notices among `noticeIds` seen (another student's ids are ignored); answers how many stay unseen. */
  async markNoticesSeen(userId: string, noticeIds: string[]): Promise<{ unseen: number }> {
    const unseen = await this.unseenNotices(userId);
    const marking = new Set(noticeIds);
    await this.flags.markNoticesSeen(userId, unseen.filter((n) => marking.has(n.id)).map((n) => n.id));
    return { unseen: unseen.filter((n) => !marking.has(n.id)).length };
  }

  async queue(): Promise<FlaggedQuestion[]> {
    const groups = groupFlags(await this.flags.open());
    const questions = await Promise.all(groups.map((g) => this.flags.question(g.questionId)));
    return groups.flatMap((g, i) => {
      const q = questions[i];
      if (!q) return []; // flags on a question that no longer exists: nothing an admin can act on
      return [{
        questionId: g.questionId, chapterId: String(q.chapterId), topicId: String(q.topicId), question: q.question, type: q.type,
        options: q.options ?? [], correctAnswer: q.correctAnswer, explanation: q.explanation ?? '', count: g.count, hidden: g.hidden,
        reasons: g.reasons as Record<string, number>, flags: g.flags, source: q.source?.page ? { page: q.source.page, excerpt: q.source.excerpt } : null,
      }];
    });
  }

  /** Applies the admin's correction, tells each flagging student once, then closes the flags it read. */
  async correct(questionId: string, body: CorrectQuestionBody): Promise<FlagResolution> {
    const q = await this.question(questionId);
    const normalised = normaliseQuestion({ ...body, type: q.type, difficulty: q.difficulty, figureReference: q.figureReference });
    if (!normalised.ok) throw badRequest(normalised.reason, 'VALIDATION');
    const { question, options, correctAnswer, explanation } = normalised.question;
    const hash = questionHash(normalised.question);
    // The {topicId, hash} unique index refuses a copy either way; asking first gives the admin a 409 with a reason
    // (FerretDB reports that index's refusal on an update as a generic error, not E11000).
    const twin = await this.flags.questionWithHash(q.topicId, hash);
    if (twin && !twin.equals(q._id)) throw conflict(FLAG_MESSAGES.sameAsOther, 'DUPLICATE_QUESTION');
    await this.flags.correctQuestion(q._id, { question, options, correctAnswer, explanation, hash });
    const open = await this.flags.openOf(questionId);
    const text = correctionNoticeText(q.question);
    const quoted = noticeQuestion(q.question);
    const told = await Promise.all(open.map((f) => this.flags.notify({ _id: correctionNoticeId(f._id, f.flaggedAt), userId: f.userId, questionId, text, question: quoted })));
    await this.flags.close(open.map((f) => f._id));
    return { questionId, action: 'corrected', notified: told.length };
  }

  async retire(questionId: string): Promise<FlagResolution> {
    const q = await this.question(questionId);
    await this.flags.retireQuestion(q._id);
    return this.closeAll(questionId, 'retired');
  }

  async dismiss(questionId: string): Promise<FlagResolution> {
    await this.question(questionId);
    return this.closeAll(questionId, 'dismissed');
  }

  private async closeAll(questionId: string, action: FlagAction): Promise<FlagResolution> {
    const open = await this.flags.openOf(questionId);
    await this.flags.close(open.map((f) => f._id));
    return { questionId, action, notified: 0 };
  }
}
