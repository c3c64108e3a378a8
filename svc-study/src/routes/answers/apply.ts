// The effects of counted answers on the learner document (progress, mistakes, review queue, streak), written
// holding the learner's lease. Answers of one learner that arrive while a write is under way wait and are applied
// together in the next one: one read and one write of the learner document per batch, not per answer.
import type { AnswerKey } from '@lp/contracts';
import type { StudyContext } from '../../context';
import { answerEffects } from '../../domain/answer-effects';
import { pushProgress } from '../../events/progress-push';
import type { AnswerRecordDoc } from '../../models/answer-record';
import { RECENT_ANSWERS_KEPT, appliedKey, newChapter } from '../../domain/learner-state';
import type { ChapterState, LearnerDoc } from '../../models/learner';
import type { LearnerChange } from '../../repositories/learners';

export interface CountedAnswer {
  record: AnswerRecordDoc;
  key: AnswerKey;
}

export function answerApplier(ctx: StudyContext) {
  const waiting = new Map<string, Array<CountedAnswer & { done: (err?: unknown) => void }>>();

  /** Applies one counted answer's effects (with others of the same learner that arrive meanwhile), once. */
  async function apply(answer: CountedAnswer): Promise<void> {
    const userId = answer.record.userId;
    await new Promise<void>((resolve, reject) => {
      const item = { ...answer, done: (err?: unknown) => (err ? reject(err) : resolve()) };
      const queue = waiting.get(userId);
      if (queue) {
        queue.push(item);
        return;
      }
      const queued = [item];
      waiting.set(userId, queued);
      let taken = null as typeof queued | null;
      void ctx.learners.change(userId, (learner) => {
        taken = waiting.get(userId) ?? queued;
        waiting.delete(userId);
        const { change, chapters } = batchChange(learner, taken);
        return { change, result: chapters };
      }).then(
        (chapters) => { for (const i of taken ?? []) i.done(); pushProgress(ctx, userId, taken, chapters ?? new Map()); },
        (err: unknown) => {
          // Not taken means the lease was never had: whoever queued behind this call fails with it.
          if (!taken && waiting.get(userId) === queued) waiting.delete(userId);
          for (const i of taken ?? queued) i.done(err);
        },
      );
    });
  }

  function batchChange(learner: LearnerDoc, batch: CountedAnswer[]) {
    const effects = answerEffects({ ...learner, recentAnswerIds: learner.appliedKeys }, batch.map(({ record, key }) => ({
      answerId: appliedKey(record._id), key, isCorrect: record.isCorrect, mode: record.mode, at: record.createdAt,
    })), RECENT_ANSWERS_KEPT);
    if (effects.applied.length === 0) return { change: null, chapters: new Map<string, ChapterState>() };
    const change: LearnerChange & { chapters: Record<string, ChapterState>; chapterCounts: Record<string, Pick<ChapterState, 'totalQuestions' | 'questionsCorrect'>> } = {
      totalQuestions: effects.totalQuestions, activeDays: effects.activeDays, dailyAnswers: effects.dailyAnswers, appliedKeys: effects.recentAnswerIds, chapters: {}, chapterCounts: {},
    };
    // The chapters as written, for the push to the learner's tabs (no second read).
    const chapters = new Map<string, ChapterState>();
    for (const [cid, c] of effects.chapters) {
      const next = c.isNew ? newChapter(c.createdAt, c.totalQuestions, c.questionsCorrect) : { ...learner.chapters[cid]!, totalQuestions: c.totalQuestions, questionsCorrect: c.questionsCorrect };
      if (c.isNew) change.chapters[cid] = next;
      else change.chapterCounts[cid] = { totalQuestions: c.totalQuestions, questionsCorrect: c.questionsCorrect };
      chapters.set(cid, next);
    }
    // Cards and mistakes are written whole, only when they changed.
    if (effects.mistakes.size > 0) {
      const mistakes = { ...learner.mistakes };
      for (const [qid, m] of effects.mistakes) {
        if (m) mistakes[qid] = m;
        else delete mistakes[qid];
      }
      change.mistakes = mistakes;
    }
    if (effects.cards.size > 0) change.cards = { ...learner.cards, ...Object.fromEntries(effects.cards) };
    return { change, chapters };
  }

  return { apply };
}
