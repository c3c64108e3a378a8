// Bulk loading of synthetic study history, for benchmarks (deploy/bench/scale.mjs) and their smoke test: many
// learners' sessions, answers, first answers, completions, trial uses, subscriptions and learner documents written
// straight into this service's own collections with unordered insertMany batches (a million answers through HTTP
// would take hours), through its own repository (repositories/bulk-writer.ts); the learner documents are computed with the
// same domain functions the answer and completion paths use, so the service reads back what it would have written.
//
// The plan is deterministic: global answer k belongs to learner k % learners, as that learner's answer number
// floor(k / learners). Loading is cumulative: `load(plan, 0, 10_000)` then `load(plan, 10_000, 100_000)` gives the
// same data as one `load(plan, 0, 100_000)`. Only learner documents are rewritten (deleted and inserted again, by
// `_id`): a bench call that changed a planned learner's document in between loses that change, nothing else.
import type { QuizMode } from '@lp/contracts';
import { Types, type Connection } from 'mongoose';
import { answerEffects } from '../domain/answer-effects';
import { DAY_MS, istDay } from '../domain/days';
import { DEFAULT_REVISION_DAYS, chapterAfterQuiz, type RevisionDays } from '../domain/revision';
import { RECENT_ANSWERS_KEPT, appliedKey, emptyLearner, newChapter } from '../domain/learner-state';
import { sessionScore } from '../domain/session-score';
import type { LearnerDoc } from '../models/learner';
import type { QuizSessionDoc, SessionCompletion } from '../models/quiz-session';
import { BulkWriter, type BulkRecords } from '../repositories/bulk-writer';

/** A published chapter as the plan uses it: its questions with the topic each belongs to. */
export interface PlanChapter {
  chapterId: string;
  subjectId: string;
  questions: Array<{ questionId: string; topicId: string }>;
}

export interface BulkPlan {
  /** Learners the answers are spread over (the same learners at every size). */
  learners: number;
  /** 8 hex digits that make this plan's ids (learners, sessions, answers) distinct from any other plan's. */
  idPrefix: string;
  /** Chapters to take quizzes of; only those with at least `answersPerSession` questions are used. */
  chapters: PlanChapter[];
  /** Every learner's first answer is at `start`; the n-th is n × `answerEveryMs` later (clamped to `now`). */
  start: Date;
  now: Date;
  answerEveryMs?: number;
  /** Each session is a full chapter quiz of this many questions, completed once all are answered. Default 10. */
  answersPerSession?: number;
  /** Share of answers that are right (deterministic per answer). Default 0.7. */
  correctShare?: number;
  revisionDays?: RevisionDays;
}

export interface LoadProgress { phase: 'records' | 'learners'; written: number; total: number }

export interface LoadResult {
  answers: number;
  sessionAnswers: number;
  sessions: number;
  completions: number;
  learners: number;
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** The plan's i-th learner id: 24 hex digits, like the ObjectId strings identity hands out. */
export const planLearnerId = (plan: Pick<BulkPlan, 'idPrefix'>, i: number) => `${plan.idPrefix}00000000${hex8(i)}`;
const sessionIdOf = (plan: BulkPlan, i: number, s: number) => `${plan.idPrefix}${hex8(i)}${hex8(s)}`;
const answerIdOf = (plan: BulkPlan, i: number, j: number) => `${plan.idPrefix}-${hex8(i)}-${hex8(j)}`;

/** How many of the first `total` global answers belong to learner i. */
export const answersOfLearner = (plan: Pick<BulkPlan, 'learners'>, total: number, i: number) => (total > i ? Math.floor((total - 1 - i) / plan.learners) + 1 : 0);

/** A small deterministic mix of two integers into [0, 1). */
function unit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16; h = Math.imul(h, 0x7feb352d); h ^= h >>> 15; h = Math.imul(h, 0x846ca68b); h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

interface PlannedAnswer { j: number; answerId: string; questionId: string; topicId: string; isCorrect: boolean; at: Date }
interface PlannedSession { s: number; id: string; chapter: PlanChapter; questionIds: string[]; answers: PlannedAnswer[]; startedAt: Date }

/** Learner i's sessions covering its answers [0, n): each session's question set and the answers given in it. */
function sessionsOf(plan: BulkPlan, chapters: PlanChapter[], i: number, n: number): PlannedSession[] {
  const size = plan.answersPerSession ?? 10;
  const every = plan.answerEveryMs ?? DAY_MS / 2;
  const right = plan.correctShare ?? 0.7;
  const at = (j: number) => new Date(Math.min(plan.now.getTime(), plan.start.getTime() + j * every + (i % 3600) * 1000));
  const sessions: PlannedSession[] = [];
  for (let s = 0; s * size < n; s++) {
    const chapter = chapters[Math.floor(unit(i, s) * chapters.length)]!;
    // A full chapter quiz is fixed to the chapter's questions; the learner answers `size` of them, from a rotation.
    const rotate = Math.floor(unit(s, i) * chapter.questions.length);
    const questionIds = chapter.questions.map((_, k) => chapter.questions[(rotate + k) % chapter.questions.length]!.questionId);
    const answers: PlannedAnswer[] = [];
    for (let j = s * size; j < Math.min(n, (s + 1) * size); j++) {
      const q = chapter.questions[(rotate + j - s * size) % chapter.questions.length]!;
      answers.push({ j, answerId: answerIdOf(plan, i, j), questionId: q.questionId, topicId: q.topicId, isCorrect: unit(i * 7 + 1, j) < right, at: at(j) });
    }
    sessions.push({ s, id: sessionIdOf(plan, i, s), chapter, questionIds, answers, startedAt: new Date(at(s * size).getTime() - 60_000) });
  }
  return sessions;
}

const isComplete = (plan: BulkPlan, session: PlannedSession) => session.answers.length === (plan.answersPerSession ?? 10);

function completionOf(session: PlannedSession): SessionCompletion {
  const last = session.answers.at(-1)!;
  const score = sessionScore(session.questionIds, new Map(session.answers.map((a) => [a.questionId, a.isCorrect])));
  return { ...score, timeSpent: session.answers.length * 20, completedAt: new Date(last.at.getTime() + 30_000).toISOString() };
}

/**
 * The learner document after these sessions, built the way the service builds it: starting a full chapter quiz
 * opens the session and clears the chapter's mistakes (routes/sessions), counted answers apply `answerEffects`
 * (routes/answers/apply.ts), a completion applies `chapterAfterQuiz` and the count (routes/sessions/completion.ts).
 */
function learnerAfter(userId: string, sessions: readonly PlannedSession[], days: RevisionDays, complete: (s: PlannedSession) => boolean): LearnerDoc {
  const learner = emptyLearner(userId);
  learner.role = 'learner';
  for (const session of sessions) {
    const sid = session.id;
    learner.openSessions[sid] = { mode: 'full', topicId: null, chapterId: session.chapter.chapterId, startedAt: session.startedAt };
    for (const [qid, m] of Object.entries(learner.mistakes)) if (m.chapterId === session.chapter.chapterId) delete learner.mistakes[qid];

    const effects = answerEffects({ ...learner, recentAnswerIds: learner.appliedKeys }, session.answers.map((a) => ({
      answerId: appliedKey(a.answerId), key: { questionId: a.questionId, chapterId: session.chapter.chapterId, topicId: a.topicId, subjectId: session.chapter.subjectId },
      isCorrect: a.isCorrect, mode: 'full' as QuizMode, at: a.at,
    })), RECENT_ANSWERS_KEPT);
    learner.totalQuestions = effects.totalQuestions;
    learner.activeDays = effects.activeDays;
    learner.dailyAnswers = effects.dailyAnswers;
    learner.appliedKeys = effects.recentAnswerIds;
    for (const [cid, c] of effects.chapters) {
      learner.chapters[cid] = c.isNew ? newChapter(c.createdAt, c.totalQuestions, c.questionsCorrect) : { ...learner.chapters[cid]!, totalQuestions: c.totalQuestions, questionsCorrect: c.questionsCorrect };
    }
    for (const [qid, m] of effects.mistakes) { if (m) learner.mistakes[qid] = m; else delete learner.mistakes[qid]; }
    for (const [qid, card] of effects.cards) learner.cards[qid] = card;

    if (!complete(session)) continue;
    const completion = completionOf(session);
    const at = new Date(completion.completedAt);
    learner.quizzesCompleted += 1;
    learner.activeDays = [...new Set([...learner.activeDays, istDay(at)])];
    learner.appliedKeys = [...learner.appliedKeys, appliedKey(`completion:${sid}`)].slice(-RECENT_ANSWERS_KEPT);
    const cid = session.chapter.chapterId;
    learner.chapters[cid] = chapterAfterQuiz(learner.chapters[cid] ?? newChapter(at), { mode: 'full', at, correct: completion.correctAnswers, total: completion.questionsAnswered }, days);
    delete learner.openSessions[sid];
  }
  return learner;
}

/**
 * Writes the plan's answers [from, to) (global answer numbers) and what they imply, into `db` (svc-study's database).
 * Records are flushed every 20,000 answers, so memory stays bounded whatever the size.
 */
export async function bulkLoad(db: Connection, plan: BulkPlan, from: number, to: number, { batch = 1000, onProgress = (_: LoadProgress) => {} } = {}): Promise<LoadResult> {
  const size = plan.answersPerSession ?? 10;
  const chapters = plan.chapters.filter((c) => c.questions.length >= size);
  if (chapters.length === 0) throw new Error(`no chapter has the ${size} questions a planned session needs`);
  if (!/^[0-9a-f]{8}$/.test(plan.idPrefix)) throw new Error('idPrefix must be 8 lowercase hex digits');
  const days = plan.revisionDays ?? DEFAULT_REVISION_DAYS;
  const writer = new BulkWriter(db, batch);
  const result: LoadResult = { answers: 0, sessionAnswers: 0, sessions: 0, completions: 0, learners: 0 };
  const total = to - from;
  let written = 0;
  const buffers: BulkRecords = { answers: [], firsts: [], sessions: [], decided: [], trials: [], activations: [] };
  async function flush() {
    const { answers, firsts, sessions, decided } = buffers;
    await writer.insert(buffers, (n) => { written += n; onProgress({ phase: 'records', written, total }); });
    result.answers += answers.length; result.sessionAnswers += firsts.length; result.sessions += sessions.length; result.completions += decided.length;
    for (const list of Object.values(buffers)) list.length = 0;
  }

  // Shard by shard, so each learners_<n> collection is cleared once and written once (a delete scans it on FerretDB).
  const byShard = Array.from({ length: BulkWriter.learnerShards }, () => [] as number[]);
  for (let i = 0; i < plan.learners; i++) byShard[BulkWriter.shardOf(planLearnerId(plan, i))]!.push(i);
  for (let shard = 0; shard < BulkWriter.learnerShards; shard++) {
    const docs: LearnerDoc[] = [];
    for (const i of byShard[shard]!) {
      const before = answersOfLearner(plan, from, i);
      const after = answersOfLearner(plan, to, i);
      if (after === before) continue;
      const userId = planLearnerId(plan, i);
      const planned = sessionsOf(plan, chapters, i, after);
      for (const session of planned) {
        const sid = session.id;
        if (session.s * size >= before) {
          buffers.sessions.push({
            _id: session.id, userId, mode: 'full', topicId: null, chapterId: session.chapter.chapterId, subjectId: session.chapter.subjectId,
            questionIds: session.questionIds, questionsCount: size, trial: session.s === 0, completionCloses: true, createdAt: session.startedAt,
          });
        }
        for (const a of session.answers) {
          if (a.j < before) continue;
          buffers.answers.push({
            _id: a.answerId, userId, questionId: a.questionId, chapterId: session.chapter.chapterId, topicId: a.topicId, subjectId: session.chapter.subjectId,
            sessionId: sid, mode: 'full', answer: a.isCorrect ? 'right' : 'wrong', isCorrect: a.isCorrect, timeSpent: 20, createdAt: a.at,
          });
          buffers.firsts.push({ sessionId: sid, questionId: a.questionId, answerId: a.answerId, isCorrect: a.isCorrect, at: a.at });
        }
        if (isComplete(plan, session) && session.answers.at(-1)!.j >= before) {
          const value = completionOf(session);
          buffers.decided.push({ _id: sid, value, at: new Date(value.completedAt) });
        }
      }
      if (before === 0) {
        // The first quiz was the free trial; the later ones need the subscription every planned learner has.
        buffers.trials.push({ _id: `${userId}:trial:1`, userId, sessionId: planned[0]!.id, usedAt: planned[0]!.startedAt });
        buffers.activations.push({ _id: userId, items: [{ subscriptionId: `${plan.idPrefix}-sub-${hex8(i)}`, startsAt: plan.start, endsAt: new Date(plan.now.getTime() + 365 * DAY_MS) }] });
      }
      docs.push(learnerAfter(userId, planned, days, (s) => isComplete(plan, s)));
      if (buffers.answers.length >= 20_000) await flush();
    }
    await flush();
    if (docs.length === 0) continue;
    // Learner documents are derived state: replaced whole.
    await writer.replaceLearners(docs);
    result.learners += docs.length;
    onProgress({ phase: 'learners', written: result.learners, total: plan.learners });
  }
  return result;
}

/**
 * Starts a full chapter quiz for a learner the way `POST /api/sessions` leaves it (a session fixed to the chapter's
 * questions, open in the learner document, the chapter's mistakes cleared), written directly: the bench's set-up for
 * answering as a preloaded learner at sizes where the start call itself outlasts the service's connection timeout.
 */
export async function startQuizDirectly(db: Connection, userId: string, chapter: Pick<PlanChapter, 'chapterId' | 'subjectId' | 'questions'>, at: Date, questionsCount = 10) {
  const session: QuizSessionDoc = {
    _id: new Types.ObjectId().toHexString(), userId, mode: 'full', topicId: null, chapterId: chapter.chapterId, subjectId: chapter.subjectId,
    questionIds: chapter.questions.map((q) => q.questionId), questionsCount: Math.min(questionsCount, chapter.questions.length), trial: false,
    completionCloses: true, createdAt: at,
  };
  await new BulkWriter(db, 1).startQuiz({ ...session, chapterId: chapter.chapterId });
  return { sessionId: session._id, questionIds: session.questionIds };
}
