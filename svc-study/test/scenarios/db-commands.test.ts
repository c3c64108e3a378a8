// The hot calls' database budget, counted instead of timed: how many commands each sends, and that every filter on a
// collection that grows with use is an equality on a string _id (the one filter the embedded FerretDB answers from an
// index; any other reads the whole collection, so its cost would grow with all data ever stored).
import { commandLog, isStringIdEquality, type LoggedCommand } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG, BIG_CHAPTER, CHAPTER, answer, caller, newId, startHarness, type Harness } from '../support/harness';

/** Collections that stay small whatever the use (a lease lives for one write; one settings document). */
const SMALL = new Set(['leases', 'revision_settings']);

let h: Harness;
let log: ReturnType<typeof commandLog>;
beforeAll(async () => {
  h = await startHarness({ monitorCommands: true, consumers: false });
  log = commandLog(h.app.db);
});
afterAll(async () => { log?.stop(); await h?.close(); });

function unindexed(commands: LoggedCommand[]) {
  return commands.flatMap((c) => (SMALL.has(c.collection) ? [] : c.filters.filter((f) => !isStringIdEquality(f)).map((f) => `${c.name} ${c.collection} ${JSON.stringify(f)}`)));
}
const summary = (commands: LoggedCommand[]) => commands.map((c) => `${c.name} ${c.collection}`);

describe('database commands per hot call', () => {
  it('POST /api/answers: a counted answer in a quiz sends 6 commands, each by string _id', async () => {
    const learner = newId();
    const as = caller(h, learner);
    const started = await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 10 } });
    expect(started.status).toBe(200);
    // The first answer warms the caches a running quiz keeps (its session, the answer keys); the progress read warms
    // the revision settings (read at most every 5 s) that the progress pushed after an answer is shown with.
    await as({ method: 'POST', url: '/api/answers', body: answer(BIG[0]!.questionId, 'Yes', { sessionId: started.body.id, mode: 'full' }) });
    await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [BIG_CHAPTER] } });
    log.take();
    const res = await as({ method: 'POST', url: '/api/answers', body: answer(BIG[1]!.questionId, 'No', { sessionId: started.body.id, mode: 'full' }) });
    expect(res.body).toMatchObject({ isCorrect: false, recorded: true, counted: true });
    const commands = log.take();
    // The session and its answer keys come from the replica's caches; no completion read (the completion closes the
    // question set instead, see models/quiz-session.ts).
    expect(summary(commands).map((c) => c.replace(/learners_\d+/, 'learners_<n>'))).toEqual([
      'insert answers', 'insert session_answers', 'insert leases', 'find learners_<n>', 'update learners_<n>', 'delete leases',
    ]);
    expect(unindexed(commands)).toEqual([]);

    // The same question again: recorded as practice, nothing of the learner's is read or written.
    const again = await as({ method: 'POST', url: '/api/answers', body: answer(BIG[1]!.questionId, 'Yes', { sessionId: started.body.id, mode: 'full' }) });
    expect(again.body).toMatchObject({ isCorrect: true, recorded: true, counted: false });
    expect(summary(log.take())).toEqual(['insert answers', 'insert session_answers', 'find session_answers']);
  });

  it('many learners answering at once share commands: 20 answers send fewer than 6 commands each', async () => {
    const learners = Array.from({ length: 20 }, () => newId());
    const sessions = await Promise.all(learners.map(async (l) => (await caller(h, l)({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 10 } })).body.id as string));
    log.take();
    const results = await Promise.all(learners.map((l, i) => caller(h, l)({ method: 'POST', url: '/api/answers', body: answer(BIG[2]!.questionId, 'Yes', { sessionId: sessions[i], mode: 'full' }) })));
    expect(results.every((r) => r.status === 200 && r.body.counted === true)).toBe(true);
    const commands = log.take();
    expect(commands.length).toBeLessThan(20 * 6);
    expect(unindexed(commands)).toEqual([]);
    // Each learner's answer is in their own progress, once.
    const progress = await Promise.all(learners.map((l) => caller(h, l)({ method: 'GET', url: `/api/chapter/progress?chapterId=${BIG_CHAPTER}` })));
    expect(progress.map((p) => p.body?.totalQuestions)).toEqual(learners.map(() => 1));
  });

  it('dashboard reads: progress batch, stats and the subscription status read by string _id only', async () => {
    const learner = newId();
    const as = caller(h, learner);
    await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 5 } });
    log.take();
    const calls = [
      as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [BIG_CHAPTER, CHAPTER] } }),
      as({ url: '/api/sessions/stats' }),
      as({ url: '/api/subscription/status' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(200);
    const commands = log.take();
    expect(unindexed(commands)).toEqual([]);
    expect(commands.every((c) => c.name === 'find')).toBe(true);
  });

  it('starting a quiz reads and writes by string _id only', async () => {
    const learner = newId();
    log.take();
    const res = await caller(h, learner)({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 5 } });
    expect(res.status).toBe(200);
    const commands = log.take();
    expect(unindexed(commands)).toEqual([]);
    // paused slot, learner, subscriptions (2), trial uses; trial claim, session insert; the learner's lease, read,
    // first insert and update (the open session), release: nothing per question, nothing that grows.
    expect(commands.length).toBeLessThanOrEqual(14);
  });

  it('a classroom starting the same chapter asks svc-content for its question set once, not once a learner', async () => {
    const before = h.content.quizRequests;
    const started = await Promise.all(Array.from({ length: 5 }, () => caller(h, newId())({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3 } })));
    expect(started.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const later = await caller(h, newId())({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3 } });
    expect(later.status).toBe(200);
    expect(h.content.quizRequests - before).toBe(1);
  });
});
