// A study service on the real FerretDB and NATS, with what it talks to around it:
// - a content stand-in answering content.rpc.answerKeys over NATS with a few known questions
//   (the other service's contract, answered for real; study's own code is not mocked);
// - a billing stand-in: another kit app whose bus publishes billing events;
// - a clock the test moves; signed sessions for learners, subscribers and the owner.
import type { EventData, EventType, RpcRequest, RpcResponse } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { answerKeyMaker, biologyQuestions, createServiceHarness, eventually, uniqueDbName, type MovableClock, type ServiceHarness, type TestKeys } from '@lp/service-kit/testing';
import { Types } from 'mongoose';
import { createStudyService } from '../../src/app';

export const newId = () => new Types.ObjectId().toHexString();

export const SUBJECT = newId();
export const OTHER_SUBJECT = newId();
export const CHAPTER = newId();
export const CHAPTER_2 = newId();
export const OTHER_SUBJECT_CHAPTER = newId();
export const TOPIC = newId();
export const TOPIC_2 = newId();

const key = answerKeyMaker({ chapterId: CHAPTER, topicId: TOPIC, subjectId: SUBJECT }, newId);

/** The question bank the content stand-in knows. */
export const Q = {
  ...biologyQuestions(key),
  osmosis: key({ question: 'Water moves by?', topicId: TOPIC_2, options: ['Osmosis', 'Diffusion'], correctAnswer: 'Osmosis', explanation: 'Through a membrane.' }),
  pollen: key({ question: 'Pollen is made in the?', chapterId: CHAPTER_2, topicId: newId(), options: ['Anther', 'Ovary'], correctAnswer: 'Anther', explanation: 'The anther holds pollen sacs.' }),
  force: key({ question: 'Unit of force?', chapterId: OTHER_SUBJECT_CHAPTER, topicId: newId(), subjectId: OTHER_SUBJECT, options: ['Newton', 'Joule'], correctAnswer: 'Newton', explanation: 'kg·m/s².' }),
};
/** A chapter of 50 questions of its own, for the concurrency tests: question i is answered right unless i % 3 === 0. */
export const BIG_CHAPTER = newId();
export const BIG_TOPIC = newId();
export const BIG = Array.from({ length: 50 }, (_, i) => key({ question: `Big question ${i}?`, chapterId: BIG_CHAPTER, topicId: BIG_TOPIC, options: ['Yes', 'No'], correctAnswer: 'Yes', explanation: `Because ${i}.` }));

/** A bilingual chapter (issue 33 §1): keys with their Hindi versions, as svc-content sends them. */
export const BILINGUAL_CHAPTER = newId();
export const HI = {
  gas: key({
    question: 'Which gas do plants take in for photosynthesis?', chapterId: BILINGUAL_CHAPTER, topicId: newId(),
    options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'], correctAnswer: 'Carbon dioxide', explanation: 'Plants fix carbon dioxide.',
    hi: { question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?', options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'], correctAnswer: 'कार्बन डाइऑक्साइड', explanation: 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।' },
  }),
  zinc: key({
    question: 'Which metal coats iron when it is galvanised?', type: 'short_answer', chapterId: BILINGUAL_CHAPTER, topicId: newId(),
    correctAnswer: 'Zinc', explanation: 'A zinc layer.',
    hi: { question: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?', options: [], correctAnswer: 'ज़िंक', explanation: 'ज़िंक की परत।' },
  }),
};

export const WRONG: Record<keyof typeof Q, string> = {
  cell: 'Nucleus', dna: 'False', enzyme: 'Ligase', osmosis: 'Diffusion', pollen: 'Ovary', force: 'Joule',
};

export interface Harness {
  app: ServiceApp;
  keys: TestKeys;
  dbName: string;
  clock: MovableClock;
  content: { requests: number; quizRequests: number; app: ServiceApp; issued: Set<string> };
  billing: ServiceApp;
  kit: ServiceHarness;
  /** Builds a second study instance on the same database, instance tag and clock (a restart). */
  rebuild(): Promise<ServiceApp>;
  close(): Promise<void>;
}

/**
 * `monitorCommands`: the driver reports every database command (for tests that count them); `consumers: false` starts
 * no event consumers, whose work on other test files' events (one NATS stream) would mix into those counts.
 */
export async function startHarness({ start = new Date('2025-06-01T06:00:00.000Z'), monitorCommands = false, consumers = true } = {}): Promise<Harness> {
  const kit = await createServiceHarness({ start });
  const content = { requests: 0, quizRequests: 0, app: null as unknown as ServiceApp, issued: new Set<string>() };
  const bank = new Map([...Object.values(Q), ...BIG, ...Object.values(HI)].map((k) => [k.questionId, k]));
  content.app = await kit.standIn('content', (a) => {
    a.bus.reply<RpcRequest<'content.rpc.answerKeys'>, RpcResponse<'content.rpc.answerKeys'>>('content.rpc.answerKeys', async ({ questionIds }) => {
      content.requests += 1;
      return { keys: questionIds.flatMap((id) => (bank.has(id) ? [bank.get(id)!] : [])) };
    });
    a.bus.reply<RpcRequest<'content.rpc.sampleIssued'>, RpcResponse<'content.rpc.sampleIssued'>>('content.rpc.sampleIssued', async ({ visitor, questionId }) =>
      ({ issued: content.issued.has(`${visitor}:${questionId}`) }));
    a.bus.reply<RpcRequest<'content.rpc.quizQuestions'>, RpcResponse<'content.rpc.quizQuestions'>>('content.rpc.quizQuestions', async (target) => {
      content.quizRequests += 1;
      const keys = [...bank.values()].filter((k) => ('topicId' in target ? k.topicId === target.topicId : k.chapterId === target.chapterId));
      if (keys.length === 0) return { found: false, questionIds: [], chapterId: null, subjectId: null };
      return { found: true, questionIds: keys.map((k) => k.questionId), chapterId: keys[0]!.chapterId, subjectId: keys[0]!.subjectId };
    });
  });
  const billing = await kit.standIn('billing');
  const dbName = uniqueDbName('study');
  const definition = createStudyService({ now: kit.clock.read });
  const build = () => kit.build(consumers ? definition : { ...definition, consumers: undefined }, { dbName, monitorCommands });
  const app = await build();
  return { app, keys: kit.keys, dbName, clock: kit.clock, content, billing, kit, rebuild: build, close: kit.close };
}

type InjectOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown; admin?: boolean; headers?: Record<string, string> };

/** As svc-content does when it serves a sample quiz: notes the questions given to a visitor (`user:<id>` or `ip:<address>`). */
export function issueSample(h: Harness, visitor: string, questionIds: string[]) {
  for (const id of questionIds) h.content.issued.add(`${visitor}:${id}`);
}

/** Calls a study instance as a signed-in user (or as a visitor with `userId` null). */
export function caller(h: Harness, userId: string | null, role: 'learner' | 'owner' = 'learner', app?: ServiceApp) {
  return ({ admin = false, ...call }: InjectOptions) => h.kit.caller(app ?? h.app, userId, { role, admin })(call);
}

export async function publish<T extends EventType>(h: Harness, type: T, data: EventData<T>) {
  await h.billing.bus.publish(type, data);
}

/** A learner with an active subscription, through billing's event (as in production). */
export async function subscribe(h: Harness, userId: string, { endsAt = new Date(h.clock.now.getTime() + 365 * 86_400_000) } = {}) {
  const subscriptionId = newId();
  await publish(h, 'billing.subscription.activated', {
    userId, subscriptionId, plan: 'premium_yearly', provider: 'razorpay', currency: 'INR', amount: '500.00',
    startsAt: h.clock.now.toISOString(), endsAt: endsAt.toISOString(),
  });
  const as = caller(h, userId);
  await eventually(async () => (await as({ url: '/api/subscription/status' })).body?.subscriptionStatus === 'active');
  return subscriptionId;
}

export const uuid = () => crypto.randomUUID();

export const answer = (questionId: string, given: string, extra: Record<string, unknown> = {}) =>
  ({ answerId: uuid(), questionId, answer: given, timeSpent: 12, ...extra });

export const days = (n: number) => n * 86_400_000;
