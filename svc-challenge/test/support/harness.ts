// svc-challenge on the real FerretDB and NATS, with what it talks to around it:
// - the real svc-study (its own database), where the challenger really plays and finishes a quiz;
// - a content stand-in answering the content contract over NATS with a small question bank;
// - an events stand-in publishing identity's and billing's events (names, subscriptions), as those services do;
// - a clock the test moves; signed sessions for learners.
import type { EventData, EventType, RpcRequest, RpcResponse } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { answerKeyMaker, biologyQuestions, createServiceHarness, eventually, uniqueDbName, type Caller, type MovableClock, type ServiceHarness, type TestKeys } from '@lp/service-kit/testing';
import { Types } from 'mongoose';
import { createStudyService } from '../../../svc-study/src/app';
import { createChallengeService, type ChallengeOptions } from '../../src/app';

export const newId = () => new Types.ObjectId().toHexString();

export const SUBJECT = newId();
export const CHAPTER = newId();
export const TOPIC = newId();

const key = answerKeyMaker({ chapterId: CHAPTER, topicId: TOPIC, subjectId: SUBJECT }, newId);

/** The chapter's questions, in the order svc-content lists them. */
export const Q = {
  ...biologyQuestions(key),
  leaf: key({
    question: 'Where does photosynthesis happen?', options: ['Root', 'Chloroplast'], correctAnswer: 'Chloroplast', explanation: 'Chloroplasts hold chlorophyll.', figureReference: 'Figure 6.2',
    hi: { question: 'प्रकाश संश्लेषण कहाँ होता है?', options: ['जड़', 'हरितलवक'], correctAnswer: 'हरितलवक', explanation: 'हरितलवक में पर्णहरित होता है।' },
  }),
};
export const BANK = Object.values(Q);

export interface Harness {
  app: ServiceApp;
  study: ServiceApp;
  events: ServiceApp;
  keys: TestKeys;
  clock: MovableClock;
  dbName: string;
  tag: string;
  kit: ServiceHarness;
  /** Another svc-challenge instance on the same database and NATS (a second replica). */
  replica(): Promise<ServiceApp>;
  close(): Promise<void>;
}

export async function startHarness(options: ChallengeOptions = {}): Promise<Harness> {
  const kit = await createServiceHarness({ start: new Date('2026-03-02T06:00:00.000Z') });
  const bank = new Map(BANK.map((k) => [k.questionId, k]));
  const events = await kit.standIn('identity');
  await kit.standIn('content', (a) => {
    a.bus.reply<RpcRequest<'content.rpc.answerKeys'>, RpcResponse<'content.rpc.answerKeys'>>('content.rpc.answerKeys', async ({ questionIds }) =>
      ({ keys: questionIds.flatMap((id) => (bank.has(id) ? [bank.get(id)!] : [])) }));
    a.bus.reply<RpcRequest<'content.rpc.challengeQuestions'>, RpcResponse<'content.rpc.challengeQuestions'>>('content.rpc.challengeQuestions', async ({ questionIds }) =>
      ({ questions: questionIds.flatMap((id) => { const k = bank.get(id); return k ? [{ id, text: k.question, type: k.type, options: k.options, figureReference: k.figureReference, ...(k.hi ? { hi: { question: k.hi.question, options: k.hi.options } } : {}) }] : []; }),
        place: { subjectName: 'Biology', chapterName: 'Evolution' } }));
    a.bus.reply<RpcRequest<'content.rpc.quizQuestions'>, RpcResponse<'content.rpc.quizQuestions'>>('content.rpc.quizQuestions', async (target) => {
      const ks = BANK.filter((k) => ('topicId' in target ? k.topicId === target.topicId : k.chapterId === target.chapterId));
      return ks.length === 0 ? { found: false, questionIds: [], chapterId: null, subjectId: null }
        : { found: true, questionIds: ks.map((k) => k.questionId), chapterId: CHAPTER, subjectId: SUBJECT };
    });
  });
  const study = await kit.build(createStudyService({ now: kit.clock.read }));
  const dbName = uniqueDbName('challenge');
  const build = () => kit.build(createChallengeService({ now: kit.clock.read, ...options }), { dbName });
  const app = await build();
  return { app, study, events, keys: kit.keys, clock: kit.clock, dbName, tag: kit.tag, kit, replica: build, close: kit.close };
}

export type { Caller };

/** Calls a service as a signed-in user, or as a visitor (`userId` null) from `ip`. */
export function caller(h: Harness, userId: string | null, { ip = '198.51.100.7', target }: { ip?: string; target?: ServiceApp } = {}): Caller {
  return h.kit.caller(target ?? h.app, userId, { headers: { 'x-forwarded-for': ip } });
}

/** The guest-browser cookie a response set (svc-challenge issues it at a guest's first start). */
export function guestCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const set = res.headers['set-cookie'];
  const all = (Array.isArray(set) ? set : set === undefined ? [] : [set]) as string[];
  return all.map((c) => /^lp_guest=([^;]+)/.exec(c)?.[1]).find(Boolean);
}

export async function publish<T extends EventType>(h: Harness, type: T, data: EventData<T>) {
  await h.events.bus.publish(type, data);
}

/** A user identity knows (its name reaches svc-challenge through identity.user.upserted). */
export async function user(h: Harness, firstName: string, lastName = 'Learner') {
  const userId = newId();
  await publish(h, 'identity.user.upserted', { userId, email: `${firstName.toLowerCase()}.${userId.slice(-6)}@example.com`, firstName, lastName, role: 'learner' });
  return userId;
}

export async function subscribe(h: Harness, userId: string) {
  await publish(h, 'billing.subscription.activated', {
    userId, subscriptionId: newId(), plan: 'premium_yearly', provider: 'razorpay', currency: 'INR', amount: '500.00',
    startsAt: h.clock.now.toISOString(), endsAt: new Date(h.clock.now.getTime() + 365 * 86_400_000).toISOString(),
  });
  const status = caller(h, userId, { target: h.study });
  await eventually(async () => (await status({ url: '/api/subscription/status' })).body?.subscriptionStatus === 'active');
}

/**
 * The challenger really plays a full chapter quiz on svc-study: answers `right` of the bank right (in order),
 * the rest wrong, and finishes it. Returns the session id.
 */
export async function finishQuiz(h: Harness, userId: string, { right = 3, timeSpent = 95, mode = 'full' as 'full' | 'mistakes' | 'topic' } = {}) {
  const as = caller(h, userId, { target: h.study });
  const target = mode === 'topic' ? { topicId: TOPIC } : { chapterId: CHAPTER };
  const created = await as({ method: 'POST', url: '/api/sessions', body: { mode, ...target, questionsCount: BANK.length } });
  if (created.status !== 200) throw new Error(`session: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  for (const [i, k] of BANK.entries()) {
    const given = i < right ? k.correctAnswer : k.type === 'short_answer' ? 'Ligase' : k.options.find((o) => o !== k.correctAnswer)!;
    await as({ method: 'POST', url: '/api/answers', body: { answerId: crypto.randomUUID(), questionId: k.questionId, answer: given, timeSpent: 10, sessionId: id, mode } });
  }
  const done = await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent, completed: true } });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  return id;
}

/** A subscriber with a name who has finished a quiz (3 of 4 right, 75%), ready to challenge. */
export async function challenger(h: Harness, name = 'Asha') {
  const id = await user(h, name);
  await subscribe(h, id);
  const sessionId = await finishQuiz(h, id);
  return { id, sessionId, as: caller(h, id) };
}

/** Right answers for the challenge's questions: option index for choices, text for short answers. */
export const rightAnswer = (questionId: string) => {
  const k = BANK.find((q) => q.questionId === questionId)!;
  return k.type === 'short_answer' ? k.correctAnswer.toLowerCase() : k.options.indexOf(k.correctAnswer);
};
export const wrongAnswer = (questionId: string) => {
  const k = BANK.find((q) => q.questionId === questionId)!;
  return k.type === 'short_answer' ? 'Ligase' : k.options.findIndex((o) => o !== k.correctAnswer);
};

/** Plays a whole link as `as`: starts, answers `right` questions right and the rest wrong, finishes. */
export async function play(as: Caller, token: string, { right = 4, guestName = 'Ravi' as string | undefined } = {}) {
  const started = await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: guestName === undefined ? {} : { guestName } });
  if (started.status !== 200) return { started, finished: null };
  const { attemptId, attemptKey, questions } = started.body as { attemptId: string; attemptKey: string; questions: Array<{ id: string }> };
  for (const [i, q] of questions.entries()) {
    await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/answers`, body: { attemptKey, questionId: q.id, answer: i < right ? rightAnswer(q.id) : wrongAnswer(q.id) } });
  }
  const finished = await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } });
  return { started, finished, attemptId, attemptKey };
}
