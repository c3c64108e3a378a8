// Learner documents live in 64 collections (FerretDB scans a collection per update); a learner whose document is
// still in the one collection of before is read from it, and carried over on the next write, nothing lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_SHARDS, emptyLearner, learnerCollection, learnerShard, newChapter } from '../../src/models/learner';
import { CHAPTER, Q, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('learner documents across collections', () => {
  it('spreads learners over the shards by id', () => {
    const shards = new Set(Array.from({ length: 2000 }, () => learnerShard(newId())));
    expect(shards.size).toBe(LEARNER_SHARDS);
  });

  it('reads a learner kept in the old single collection, and carries them over on the next write', async () => {
    const learner = newId();
    await subscribe(h, learner);
    // As stored then: an array of raw applied ids (no compact fields), found when the service starts.
    const { appliedKeys: _none, ...fields } = emptyLearner(learner);
    const legacy = { ...fields, recentAnswerIds: ['an-old-answer'], quizzesCompleted: 4, totalQuestions: 30, chapters: { [CHAPTER]: newChapter(h.clock.now, 30, 21) } };
    await h.app.db.collection('learners').insertOne(legacy as never);
    const restarted = await h.rebuild();
    const as = caller(h, learner, 'learner', restarted);
    expect((await as({ url: '/api/subscription/status' })).body.quizzesCompleted).toBe(4);
    expect((await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body).toMatchObject({ totalQuestions: 30, questionsCorrect: 21 });

    await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion') });
    expect((await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body).toMatchObject({ totalQuestions: 31, questionsCorrect: 22 });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(31);
    expect(await h.app.db.collection(learnerCollection(learner)).countDocuments({ _id: learner as never })).toBe(1);
    await restarted.close();
  });
});
