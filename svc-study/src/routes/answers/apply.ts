// The effects of recorded answers: the learner's counts, chapter progress, mistakes, streak, review queue
// and running sessions' counts, all in one update of the learner document.
//
// Answers of one learner are applied in batches under the learner lock: while one batch is written, the
// answers that arrive wait and are applied together in the next one (one read and one write of the learner
// document per batch instead of per answer). A runner flushing a queue of answers stays fast.
import type { AnswerKey, QuizMode } from '@lp/contracts';
import type { StudyContext } from '../../context';
import { istDay } from '../../domain/days';
import { scheduleReview } from '../../domain/review';
import type { AnswerRecordDoc } from '../../models/answer-record';
import { isDuplicateKey } from '../../models/model';
import { newChapter, type ChapterState, type MistakeState, type OpenSessionState } from '../../models/learner';
import type { QuizSessionDoc } from '../../models/quiz-session';

const MISTAKE_REVIEW_MODES: ReadonlySet<QuizMode> = new Set(['mistakes', 'subject-mistakes']);

export interface PendingAnswer {
  record: AnswerRecordDoc;
  key: AnswerKey;
  session: QuizSessionDoc | null;
}

export function answerApplier(ctx: StudyContext) {
  const waiting = new Map<string, Array<PendingAnswer & { done: (err?: unknown) => void }>>();

  /** Applies one answer's effects (with others of the same learner that arrive meanwhile), then marks it applied. */
  async function apply(answer: PendingAnswer): Promise<void> {
    const userId = answer.record.userId;
    await new Promise<void>((resolve, reject) => {
      const item = { ...answer, done: (err?: unknown) => (err ? reject(err) : resolve()) };
      const queue = waiting.get(userId);
      if (queue) {
        queue.push(item);
        return;
      }
      waiting.set(userId, [item]);
      void ctx.learnerLock.run(userId, async () => {
        const batch = waiting.get(userId) ?? [];
        waiting.delete(userId);
        try {
          await applyBatch(userId, batch);
          for (const i of batch) i.done();
        } catch (err) {
          for (const i of batch) i.done(err);
        }
      });
    });
    await ctx.models.answersApplied.create({ _id: answer.record._id, at: answer.record.createdAt }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }

  async function applyBatch(userId: string, batch: PendingAnswer[]) {
    const learner = await ctx.learners.get(userId);
    const chapters = new Map<string, ChapterState & { isNew: boolean; addTotal: number; addCorrect: number }>();
    const mistakes = new Map<string, MistakeState | null>();
    const cards = new Map<string, ReturnType<typeof scheduleReview>>();
    const days = new Set<string>();
    const sessions = new Map<string, OpenSessionState>();

    for (const { record, key, session } of batch) {
      const { isCorrect, createdAt: at } = record;
      const qid = key.questionId;
      const cid = key.chapterId;
      const chapter = chapters.get(cid) ?? (learner.chapters[cid]
        ? { ...learner.chapters[cid]!, isNew: false, addTotal: 0, addCorrect: 0 }
        : { ...newChapter(at), isNew: true, addTotal: 0, addCorrect: 0 });
      chapter.addTotal += 1;
      chapter.addCorrect += isCorrect ? 1 : 0;
      chapters.set(cid, chapter);

      const mistake = mistakes.has(qid) ? mistakes.get(qid)! : (learner.mistakes[qid] ?? null);
      if (!isCorrect) {
        mistakes.set(qid, { chapterId: cid, topicId: key.topicId, subjectId: key.subjectId, wrongCount: (mistake?.wrongCount ?? 0) + 1, lastWrongAt: at });
      } else if (record.mode && MISTAKE_REVIEW_MODES.has(record.mode) && mistake) {
        mistakes.set(qid, null);
      }

      const card = cards.get(qid) ?? learner.cards[qid] ?? null;
      const next = scheduleReview(card, isCorrect, at);
      if (next !== card) cards.set(qid, next);
      days.add(istDay(at));

      if (session && !session.completed) {
        const id = String(session._id);
        const open = learner.openSessions[id];
        const s = sessions.get(id) ?? (open ? { ...open, wrong: [...open.wrong] } : { answers: 0, correct: 0, wrong: [], chapterId: cid, subjectId: key.subjectId });
        s.answers += 1;
        s.correct += isCorrect ? 1 : 0;
        if (!isCorrect && !s.wrong.includes(qid)) s.wrong.push(qid);
        sessions.set(id, s);
      }
    }

    const set: Record<string, unknown> = {};
    const unset: Record<string, ''> = {};
    const inc: Record<string, number> = { totalQuestions: batch.length };
    for (const [cid, c] of chapters) {
      const { isNew, addTotal, addCorrect, ...state } = c;
      if (isNew) set[`chapters.${cid}`] = { ...state, totalQuestions: addTotal, questionsCorrect: addCorrect };
      else {
        inc[`chapters.${cid}.totalQuestions`] = addTotal;
        inc[`chapters.${cid}.questionsCorrect`] = addCorrect;
      }
    }
    for (const [qid, m] of mistakes) {
      if (m) set[`mistakes.${qid}`] = m;
      else unset[`mistakes.${qid}`] = '';
    }
    for (const [qid, card] of cards) set[`cards.${qid}`] = card;
    for (const [id, s] of sessions) set[`openSessions.${id}`] = s;

    await ctx.learners.update(userId, {
      $inc: inc,
      $addToSet: { activeDays: { $each: [...days] } },
      ...(Object.keys(set).length ? { $set: set } : {}),
      ...(Object.keys(unset).length ? { $unset: unset } : {}),
    });
  }

  return { apply };
}
