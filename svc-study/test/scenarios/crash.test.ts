// A real svc-study process killed (SIGKILL) between writing study.quiz.completed to its outbox and publishing
// it: after a restart the event is published exactly once and the revision is recorded once.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, createTestKeys, eventually, uniqueDbName, uniqueInstanceTag, type TestKeys } from '@lp/service-kit/testing';
import type { EventEnvelope, ServiceApp } from '@lp/service-kit';
import { completionEventId } from '../../src/events/quiz-completed';
import { BIG, BIG_CHAPTER, answer, newId } from '../support/harness';
import { DAY_MS } from '../../src/domain/days';
import { learnerCollection } from '../../src/models/learner';

const serverEntry = join(import.meta.dirname, '..', '..', 'src', 'server.ts');
const tag = uniqueInstanceTag();
const dbName = uniqueDbName('study');
let keys: TestKeys;
let jwks: Server;
let content: ServiceApp;
let listener: ServiceApp;
const seen: EventEnvelope<{ sessionId: string }>[] = [];

function startStudy(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const base = process.env.MONGODB_URI!;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env, PORT: String(port), LP_INSTANCE_TAG: tag, LP_DB_NAME: dbName, LOG_LEVEL: 'warn',
      MONGODB_URI: base, SESSION_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`, ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) && child, { timeoutMs: 30_000 });
}

beforeAll(async () => {
  keys = await createTestKeys();
  jwks = createServer((_req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ keys: [keys.publicJwk] })); });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const bank = new Map(BIG.map((k) => [k.questionId, k]));
  content = await buildTestService({ name: 'content', description: 'content stand-in', app: async (a) => {
    a.bus.reply('content.rpc.answerKeys', async ({ questionIds }: { questionIds: string[] }) => ({ keys: questionIds.flatMap((id) => (bank.has(id) ? [bank.get(id)!] : [])) }));
    a.bus.reply('content.rpc.quizQuestions', async () => ({ found: true, questionIds: BIG.map((q) => q.questionId), chapterId: BIG_CHAPTER, subjectId: BIG[0]!.subjectId }));
  } }, keys, { instanceTag: tag });
  listener = await buildTestService({ name: 'challenge', description: 'a consumer of study.quiz.completed', app: async () => {}, consumers: () => [{
    name: 'crash-listener', event: 'study.quiz.completed', handle: async (e: EventEnvelope<never>) => { seen.push(e as EventEnvelope<{ sessionId: string }>); },
  }] }, keys, { instanceTag: tag });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([content?.close(), listener?.close()]);
  jwks?.close();
});

describe('a svc-study process killed between the outbox write and the publish', () => {
  it('publishes study.quiz.completed exactly once after a restart and records the revision once', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const owner = newId(); // the owner role takes every quiz without a subscription event
    const cookie = `lp_session=${await keys.session(owner, 'owner')}`;
    const call = (method: string, path: string, body?: unknown) => fetch(`http://127.0.0.1:${port}${path}`, {
      method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });

    let study = await startStudy(port, { LP_FAULT_POINTS: 'outbox-written' });
    const session = await (await call('POST', '/api/sessions', { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 3 })).json() as { id: string };
    for (const [i, q] of BIG.slice(0, 3).entries()) {
      expect((await call('POST', '/api/answers', answer(q.questionId, i === 0 ? 'No' : 'Yes', { sessionId: session.id }))).status).toBe(200);
    }
    // The chapter's first revision falls due: its progress was created 60 days ago (past any default first interval).
    const db = content.db.getClient().db(dbName);
    await db.collection(learnerCollection(owner)).updateOne({ _id: owner as never }, { $set: { [`chapters.${BIG_CHAPTER}.createdAt`]: new Date(Date.now() - 60 * DAY_MS) } });

    const died = await call('PATCH', `/api/sessions/${session.id}`, { timeSpent: 42, completed: true }).then(() => false, () => true);
    expect(died).toBe(true);
    if (study.exitCode === null && study.signalCode === null) await new Promise((r) => study.once('exit', r));
    expect(seen.filter((e) => e.data.sessionId === session.id)).toHaveLength(0);

    study = await startStudy(port);
    try {
      const id = completionEventId(session.id);
      await eventually(async () => seen.some((e) => e.id === id), { timeoutMs: 20_000 });
      // The client's own retry of the completion changes nothing more.
      const retried = await (await call('PATCH', `/api/sessions/${session.id}`, { timeSpent: 99, completed: true })).json() as Record<string, unknown>;
      expect(retried).toMatchObject({ completed: true, questionsAnswered: 3, correctAnswers: 2, timeSpent: 42 });
      await new Promise((r) => setTimeout(r, 3_000)); // more relay passes
      expect(seen.filter((e) => e.id === id)).toHaveLength(1);
      expect(seen.find((e) => e.id === id)!.data).toMatchObject({ sessionId: session.id, correct: 2, total: 3, score: 67 });

      const progress = await (await call('GET', `/api/chapter/progress?chapterId=${BIG_CHAPTER}`)).json() as Record<string, unknown>;
      expect(progress).toMatchObject({ revisionsDone: 1, totalQuestions: 3, questionsCorrect: 2 });
      const history = await (await call('GET', `/api/chapter/history?chapterId=${BIG_CHAPTER}`)).json() as { last5Quizzes: unknown[] };
      expect(history.last5Quizzes).toHaveLength(1);
      expect((await (await call('GET', '/api/subscription/status')).json() as { quizzesCompleted: number }).quizzesCompleted).toBe(1);
    } finally {
      study.kill('SIGTERM');
      await new Promise((r) => study.once('exit', r));
    }
  }, 120_000);
});

