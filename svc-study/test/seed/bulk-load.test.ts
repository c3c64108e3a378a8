// The bench's bulk loader (src/seed/bulk-load.ts) writes what the service itself would have written: after a load,
// the service's own routes report the loaded history consistently with the loaded records, a loaded open session
// takes the next answer, and loading in two steps gives the same learner documents as loading at once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad, planLearnerId, startQuizDirectly, type BulkPlan } from '../../src/seed/bulk-load';
import { learnerModel } from '../../src/models/learner';
import { BIG, BIG_CHAPTER, CHAPTER, Q, SUBJECT, answer, caller, startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness({ start: new Date('2025-09-01T06:00:00.000Z') }); });
afterAll(async () => { await h?.close(); });

const LEARNERS = 12;
const ANSWERS = 300;

function planFor(idPrefix: string): BulkPlan {
  const of = (keys: Array<{ questionId: string; topicId: string }>) => keys.map((k) => ({ questionId: k.questionId, topicId: k.topicId }));
  return {
    learners: LEARNERS, idPrefix, answersPerSession: 4, correctShare: 0.5,
    chapters: [
      { chapterId: CHAPTER, subjectId: SUBJECT, questions: of([Q.cell, Q.dna, Q.enzyme, Q.osmosis]) },
      { chapterId: BIG_CHAPTER, subjectId: SUBJECT, questions: of(BIG) },
    ],
    start: new Date(h.clock.now.getTime() - 40 * 86_400_000), now: h.clock.now, answerEveryMs: 3_600_000,
  };
}

describe('bulk load for the scale bench', () => {
  it('loads a few hundred answers that stats, progress, mistakes and sessions then report consistently', async () => {
    const plan = planFor(randomBytes(4).toString('hex'));
    const seen: string[] = [];
    const loaded = await bulkLoad(h.app.db, plan, 0, ANSWERS, { batch: 50, onProgress: (p) => seen.push(p.phase) });
    expect(loaded).toMatchObject({ answers: ANSWERS, sessionAnswers: ANSWERS, learners: LEARNERS });
    expect(seen).toContain('records');

    const answers = h.app.db.collection('answers');
    const sessions = h.app.db.collection('sessions');
    let mistakesSeen = 0;
    for (const i of [0, 5, 11]) {
      const userId = planLearnerId(plan, i);
      const as = caller(h, userId);
      const mine = await answers.find({ userId }).toArray();
      expect(mine).toHaveLength(ANSWERS / LEARNERS);
      expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(mine.length);

      const progress = (await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [CHAPTER, BIG_CHAPTER] } })).body;
      for (const chapterId of [CHAPTER, BIG_CHAPTER]) {
        const inChapter = mine.filter((a) => a.chapterId === chapterId);
        if (inChapter.length === 0) { expect(progress[chapterId]).toBeUndefined(); continue; }
        expect(progress[chapterId]).toMatchObject({ totalQuestions: inChapter.length, questionsCorrect: inChapter.filter((a) => a.isCorrect).length });
      }

      // Starting a full chapter quiz clears the chapter's mistakes: what is left are the wrong answers of each
      // chapter's latest session.
      const started = (await sessions.find({ userId }).toArray()).sort((a, b) => a.createdAt - b.createdAt);
      const latest = new Map(started.map((s) => [s.chapterId as string, String(s._id)]));
      const expectedMistakes = mine.filter((a) => !a.isCorrect && latest.get(a.chapterId) === a.sessionId).length;
      expect((await as({ url: '/api/mistakes/total' })).body.totalMistakes).toBe(expectedMistakes);
      mistakesSeen += expectedMistakes;

      // 25 answers in sessions of 4: six completed quizzes, the seventh open with one answer.
      expect((await as({ url: '/api/subscription/status' })).body).toMatchObject({ quizzesCompleted: 6, subscriptionStatus: 'active' });
      const first = (await as({ url: `/api/sessions/${String(started[0]!._id)}` })).body;
      const firstAnswers = mine.filter((a) => a.sessionId === String(started[0]!._id));
      expect(first).toMatchObject({ completed: true, questionsAnswered: 4, correctAnswers: firstAnswers.filter((a) => a.isCorrect).length });
      const open = started.at(-1)!;
      expect((await as({ url: `/api/sessions/${String(open._id)}` })).body).toMatchObject({ completed: false, questionsAnswered: 1 });

      // The open session takes its next question as a counted answer.
      const answered = new Set(mine.filter((a) => a.sessionId === String(open._id)).map((a) => a.questionId));
      const next = (open.questionIds as string[]).find((q) => !answered.has(q))!;
      const res = await as({ method: 'POST', url: '/api/answers', body: answer(next, 'anything', { sessionId: String(open._id) }) });
      expect(res).toMatchObject({ status: 200, body: { recorded: true, counted: true } });
      expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(mine.length + 1);
    }
    expect(mistakesSeen).toBeGreaterThan(0);
  });

  it('loads cumulatively: two steps give the same records and learner documents as one', async () => {
    const prefix = randomBytes(4).toString('hex');
    const other = h.app.db.useDb(`${h.dbName}_once`);
    try {
      await bulkLoad(h.app.db, planFor(prefix), 0, 100);
      const second = await bulkLoad(h.app.db, planFor(prefix), 100, ANSWERS);
      expect(second.answers).toBe(ANSWERS - 100);
      await bulkLoad(other, planFor(prefix), 0, ANSWERS);
      for (const i of [0, 7]) {
        const userId = planLearnerId({ idPrefix: prefix }, i);
        const stepwise = await learnerModel(h.app.db, userId).findById(userId).lean();
        const atOnce = await learnerModel(other, userId).findById(userId).lean();
        expect(stepwise).toEqual(atOnce);
        expect(stepwise?.totalQuestions).toBe(ANSWERS / LEARNERS);
      }
      expect(await h.app.db.collection('answers').countDocuments({ userId: planLearnerId({ idPrefix: prefix }, 3) })).toBe(ANSWERS / LEARNERS);
    } finally {
      await other.dropDatabase();
    }
  });

  it('starts a quiz directly that the service then takes answers in, as a started one', async () => {
    const plan = planFor(randomBytes(4).toString('hex'));
    await bulkLoad(h.app.db, plan, 0, 48);
    const userId = planLearnerId(plan, 2);
    const as = caller(h, userId);
    const { sessionId, questionIds } = await startQuizDirectly(h.app.db, userId, plan.chapters[1]!, h.clock.now);
    expect((await as({ url: `/api/sessions/${sessionId}` })).body).toMatchObject({ completed: false, questionsAnswered: 0, chapterId: BIG_CHAPTER });
    const before = (await as({ url: '/api/sessions/stats' })).body.totalQuestions;
    const res = await as({ method: 'POST', url: '/api/answers', body: answer(questionIds[0]!, 'Yes', { sessionId }) });
    expect(res).toMatchObject({ status: 200, body: { recorded: true, counted: true, isCorrect: true } });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(before + 1);
  });
});
