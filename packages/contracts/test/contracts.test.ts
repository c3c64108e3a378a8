import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  AnswerBody,
  StartAttemptBody,
  AttemptAnswerBody,
  CreateChallengeBody,
  CreateSessionBody,
  CreateSubscriptionPaymentBody,
  DownloadParams,
  EVENT_TYPES,
  ErrorResponse,
  FeedbackFields,
  InboxQuery,
  LearnerTicket,
  ReplyToTicketBody,
  TicketNumberParam,
  feedbackRoutes,
  GetChapter,
  IdParams,
  LoginQuery,
  JsonFile,
  ObjectId,
  PdfJob,
  ProcessPdfFields,
  ProcessSubscriptionPaymentBody,
  ProgressBatchBody,
  RefreshSession,
  RevisionSettings,
  SERVICES,
  SetClassBody,
  SubmitFeedback,
  UploadTree,
  UserSearchQuery,
  eventEnvelopes,
  events,
  internalRoutes,
  routes,
  routesOf,
  rpc,
  schemaOf,
  urlOf,
  type EventEnvelope,
  NonBlankLine,
  SingleLine,
  hasNonLineCharacters,
} from '../src/index';

const id = (n: number) => n.toString(16).padStart(24, '0');
const ok = (schema: TSchema, value: unknown) => Value.Check(schema, value);
const firstError = (schema: TSchema, value: unknown) => Value.Errors(schema, value).First()?.path;

describe('route table', () => {
  it('has one route per method and url', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route a known owner, its owner as tag, a summary and error responses', () => {
    for (const route of routes) {
      expect(SERVICES).toContain(route.owner);
      expect(route.tags).toEqual([route.owner]);
      expect(route.summary.length).toBeGreaterThan(0);
      expect(route.response['4xx']).toBe(ErrorResponse);
      expect(route.url.startsWith('/api/')).toBe(true);
    }
  });

  it('routes the overlapping paths to their owners', () => {
    const owner = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.owner;
    expect(owner('POST', '/api/chapters/progress/batch')).toBe('study');
    expect(owner('GET', '/api/chapters/:id')).toBe('content');
    expect(owner('GET', '/api/questions/review')).toBe('study');
    expect(owner('GET', '/api/questions/chapter/:id')).toBe('content');
    expect(owner('POST', '/api/admin/verify-password')).toBe('identity');
    expect(owner('POST', '/api/admin/revision-settings')).toBe('study');
    expect(owner('POST', '/api/admin/process-raw-json')).toBe('content');
    expect(owner('POST', '/api/admin/upload-processed-content')).toBe('content');
    expect(owner('GET', '/api/login')).toBe('identity');
    expect(owner('GET', '/api/login/callback')).toBe('identity');
    expect(owner('GET', '/api/logout')).toBe('identity');
  });

  it('keeps admin routes behind elevation, except elevation itself', () => {
    for (const route of routes.filter((r) => r.url.startsWith('/api/admin/'))) {
      if (route.owner === 'identity') expect(route.access).not.toBe('admin');
      else expect(route.access).toBe('admin');
    }
  });

  it('leaves the JWKS out of the public table', () => {
    expect(routes.some((r) => (r.url as string) === '/.well-known/jwks.json')).toBe(false);
    expect(internalRoutes[0].url).toBe('/.well-known/jwks.json');
  });

  it('lists each service its own routes', () => {
    expect(routesOf('feedback')).toEqual([...feedbackRoutes]);
    expect(feedbackRoutes[0]).toBe(SubmitFeedback);
    expect(routesOf('feedback').filter((r) => r.url.startsWith('/api/admin/')).every((r) => r.access === 'admin')).toBe(true);
    expect(routesOf('study').every((r) => r.owner === 'study')).toBe(true);
  });

  it('gives multipart routes no body schema but documents their fields', () => {
    for (const route of routes.filter((r) => 'consumes' in r)) {
      expect('body' in route).toBe(false);
      expect(route.description).toMatch(/multipart/);
    }
  });
});

describe('helpers', () => {
  it('schemaOf keeps only the keys a route has', () => {
    const schema = schemaOf(GetChapter);
    expect(Object.keys(schema).sort()).toEqual(['params', 'response', 'summary', 'tags']);
    expect(schema.params).toBe(GetChapter.params);
  });

  it('urlOf fills path parameters and appends the query', () => {
    expect(urlOf(GetChapter, { id: id(7) })).toBe(`/api/chapters/${id(7)}`);
    const subjects = routes.find((r) => r.url === '/api/subjects/with-chapters')!;
    expect(urlOf(subjects, undefined, { className: 'CBSE Class 10' } as never)).toBe(
      '/api/subjects/with-chapters?className=CBSE+Class+10',
    );
  });
});

describe('single-line text (names, subjects, titles)', () => {
  it('refuses control characters and text-direction formatting, and takes any script', () => {
    const name = NonBlankLine(200);
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007Fb', 'a\u0085b', 'Refund \u202Egnp.exe', 'a\u2066b\u2069', 'a\u200Fb', 'a\u2028b', '   ', '']) {
      expect(ok(name, bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['Biology', 'Cell: the unit of life', 'प्रश्न', 'سؤال عن الخلية', '  Ravi  ']) expect(ok(name, good), good).toBe(true);
    expect(ok(SingleLine(10), '')).toBe(true);
    expect(ok(SingleLine(10), 'a\u202Eb')).toBe(false);
    expect(hasNonLineCharacters('Quiz \u202Efreezes')).toBe(true);
    expect(hasNonLineCharacters('Quiz freezes')).toBe(false);
  });
});

describe('requests', () => {
  it('accepts a valid answer and rejects a bad one', () => {
    const answer = { answerId: crypto.randomUUID(), questionId: id(1), answer: 'Mitochondria', timeSpent: 12 };
    expect(ok(AnswerBody, answer)).toBe(true);
    expect(ok(AnswerBody, { ...answer, sessionId: id(2), mode: 'full' })).toBe(true);
    expect(ok(AnswerBody, { ...answer, answerId: 'retry-1' })).toBe(false);
    expect(ok(AnswerBody, { ...answer, answer: '' })).toBe(false);
    expect(ok(AnswerBody, { ...answer, timeSpent: -1 })).toBe(false);
  });

  it('rejects properties a client must not send where objects are closed', () => {
    const answer = { answerId: crypto.randomUUID(), questionId: id(1), answer: 'A', timeSpent: 3 };
    expect(ok(AnswerBody, { ...answer, isCorrect: true })).toBe(false);
    expect(firstError(AnswerBody, { ...answer, userId: id(9) })).toBe('/userId');
    expect(ok(SetClassBody, { selectedClass: 'CBSE Class 12', role: 'owner' })).toBe(false);
  });

  it('validates ids', () => {
    expect(ok(ObjectId, id(255))).toBe(true);
    expect(ok(ObjectId, 'abc')).toBe(false);
    expect(ok(IdParams, { id: `${id(1)}x` })).toBe(false);
  });

  it('accepts only the three classes', () => {
    expect(ok(SetClassBody, { selectedClass: 'CBSE Class 10' })).toBe(true);
    expect(ok(SetClassBody, { selectedClass: 'CBSE Class 9' })).toBe(false);
  });

  it('needs a non-blank e-mail to search', () => {
    expect(ok(UserSearchQuery, { email: 'friend@example.com' })).toBe(true);
    expect(ok(UserSearchQuery, { email: '   ' })).toBe(false);
    expect(ok(UserSearchQuery, {})).toBe(false);
  });

  it('returns after sign-in only to a path on our own origin', () => {
    for (const returnTo of ['/', '/dashboard', '/quiz/64b000000000000000000001?mode=full']) expect(ok(LoginQuery, { returnTo })).toBe(true);
    for (const returnTo of ['//evil.example', '/\\evil.example', 'https://evil.example', '/a b', 'dashboard']) expect(ok(LoginQuery, { returnTo })).toBe(false);
  });

  it('renews the session at POST /api/auth/refresh (public: the refresh cookie is the credential)', () => {
    expect(RefreshSession).toMatchObject({ method: 'POST', url: '/api/auth/refresh', owner: 'identity', access: 'public' });
    expect(routes).toContain(RefreshSession);
  });

  it('needs revision days of at least 1', () => {
    expect(ok(RevisionSettings, { firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 })).toBe(true);
    expect(ok(RevisionSettings, { firstRevisionDays: 0, secondRevisionDays: 50, thirdRevisionDays: 50 })).toBe(false);
    expect(ok(RevisionSettings, { firstRevisionDays: 1.5, secondRevisionDays: 1, thirdRevisionDays: 1 })).toBe(false);
  });

  it('limits feedback to a 200-character subject and a 2000-character message', () => {
    const feedback = { category: 'bug', subject: 'Quiz freezes', message: 'After question 3 nothing happens.' };
    expect(ok(FeedbackFields, feedback)).toBe(true);
    expect(ok(FeedbackFields, { ...feedback, subject: 'x'.repeat(200) })).toBe(true);
    expect(ok(FeedbackFields, { ...feedback, subject: 'x'.repeat(201) })).toBe(false);
    expect(ok(FeedbackFields, { ...feedback, message: 'x'.repeat(2001) })).toBe(false);
    expect(ok(FeedbackFields, { ...feedback, subject: '  ' })).toBe(false);
    expect(ok(FeedbackFields, { ...feedback, category: 'praise' })).toBe(false);
    expect(ok(FeedbackFields, { ...feedback, category: 'refund', submissionId: '0b7f3c1e-2a4d-4c3b-9f1e-5d6a7b8c9d0e' })).toBe(true);
    expect(ok(FeedbackFields, { ...feedback, userId: 'x' })).toBe(false);
  });

  it('shapes the support loop: ticket numbers in paths, inbox filters, replies with a status', () => {
    expect(ok(TicketNumberParam, { ticketNumber: 'LP-2026-000123' })).toBe(true);
    expect(ok(TicketNumberParam, { ticketNumber: 'LP-2026-123' })).toBe(false);
    expect(ok(InboxQuery, { category: 'refund', status: 'in-progress' })).toBe(true);
    expect(ok(InboxQuery, { status: 'closed' })).toBe(false);
    expect(ok(ReplyToTicketBody, { replyId: '0b7f3c1e-2a4d-4c3b-9f1e-5d6a7b8c9d0e', status: 'resolved', reply: 'Fixed, thanks!' })).toBe(true);
    expect(ok(ReplyToTicketBody, { replyId: '0b7f3c1e-2a4d-4c3b-9f1e-5d6a7b8c9d0e', status: 'done' })).toBe(false);
    expect(ok(LearnerTicket, {
      ticketNumber: 'LP-2026-000001', category: 'bug', subject: 's', message: 'm', status: 'open', createdAt: '2026-01-01T00:00:00.000Z',
      hasAttachment: false, replies: [{ message: 'On it', at: '2026-01-01T01:00:00.000Z' }],
      outcome: { outcome: 'refunded', reason: 'Within 7 days.', decidedAt: '2026-01-01T02:00:00.000Z' },
    })).toBe(true);
  });

  it('bounds the progress batch at 100 distinct chapters', () => {
    const ids = Array.from({ length: 100 }, (_, i) => id(i));
    expect(ok(ProgressBatchBody, { chapterIds: ids })).toBe(true);
    expect(ok(ProgressBatchBody, { chapterIds: [...ids, id(100)] })).toBe(false);
    expect(ok(ProgressBatchBody, { chapterIds: [id(1), id(1)] })).toBe(false);
  });

  it('describes what a session needs', () => {
    expect(ok(CreateSessionBody, { mode: 'topic', topicId: id(3), questionsCount: 10 })).toBe(true);
    expect(ok(CreateSessionBody, { mode: 'sample', chapterId: id(3), questionsCount: 10 })).toBe(false);
    expect(ok(CreateSessionBody, { mode: 'topic', topicId: id(3), questionsCount: 10, userId: id(1) })).toBe(false);
  });

  it('starts and answers a challenge attempt with its key, never with a score', () => {
    expect(ok(StartAttemptBody, {})).toBe(true);
    expect(ok(StartAttemptBody, { guestName: 'Ravi' })).toBe(true);
    expect(ok(StartAttemptBody, { guestName: 'Ravi', score: 100 })).toBe(false);
    const key = 'k'.repeat(43);
    expect(ok(AttemptAnswerBody, { attemptKey: key, questionId: id(1), answer: 2 })).toBe(true);
    expect(ok(AttemptAnswerBody, { attemptKey: key, questionId: id(1), answer: 'photosynthesis' })).toBe(true);
    expect(ok(AttemptAnswerBody, { attemptKey: key, questionId: id(1), answer: 2, isCorrect: true })).toBe(false);
    expect(ok(AttemptAnswerBody, { questionId: id(1), answer: 2 })).toBe(false);
  });

  it('takes either challenge variant, by session id and never with the challenger\'s numbers', () => {
    const link = { sessionId: id(2), maxUses: 5 };
    const direct = { sessionId: id(2), challengedId: id(3), message: 'Beat me!' };
    expect(ok(CreateChallengeBody, link)).toBe(true);
    expect(ok(CreateChallengeBody, { sessionId: id(2) })).toBe(true);
    expect(ok(CreateChallengeBody, { sessionId: id(2), maxUses: null })).toBe(true);
    expect(ok(CreateChallengeBody, direct)).toBe(true);
    expect(ok(CreateChallengeBody, { challengerScore: 80, challengerTime: 120 })).toBe(false);
    expect(ok(CreateChallengeBody, { ...link, challengerScore: 100 })).toBe(false);
    expect(ok(CreateChallengeBody, { ...direct, challengerName: 'Someone else' })).toBe(false);
    expect(ok(CreateChallengeBody, { ...link, maxUses: 0 })).toBe(false);
  });

  it('accepts an upload tree in its raw forms', () => {
    const tree = {
      className: 'CBSE Class 12',
      subjects: [
        {
          name: 'Biology',
          chapters: [
            {
              name: 'Reproduction in Organisms',
              topics: [
                {
                  name: 'Asexual reproduction',
                  questions: [
                    { question: 'Binary fission occurs in?', type: 'multiple-choice', options: '["Amoeba","Hydra"]', correctAnswer: 'A' },
                    { question: 'Yeast buds.', type: 'true_false', correctAnswer: true, difficulty: 1 },
                    { question: 'Name a spore.', type: 'short_answer', correctAnswer: 'Zoospore', explanation: 'Motile.' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(ok(UploadTree, tree)).toBe(true);
    expect(ok(UploadTree, { ...tree, className: 'CBSE Class 9' })).toBe(false);
    expect(ok(UploadTree, { ...tree, subjects: [] })).toBe(false);
  });

  it('checks upload file names and PDF form fields', () => {
    expect(ok(JsonFile, { filename: 'Chapter1.JSON', content: '{}' })).toBe(true);
    expect(ok(JsonFile, { filename: 'chapter1.txt', content: '{}' })).toBe(false);
    expect(ok(DownloadParams, { filename: 'biology-chapter-1.json' })).toBe(true);
    expect(ok(DownloadParams, { filename: '../secrets.json' })).toBe(false);
    const pdf = {
      className: 'CBSE Class 12',
      subjectName: 'Physics',
      chapterNumber: '3',
      chapterName: 'Current Electricity',
      numberOfQuestions: '10',
      difficulty: 'medium',
      aiModel: 'openai',
    };
    expect(ok(ProcessPdfFields, pdf)).toBe(true);
    expect(ok(ProcessPdfFields, { ...pdf, numberOfQuestions: '12' })).toBe(false);
  });
});

describe('billing', () => {
  it('takes either provider\u2019s confirmation and nothing else', () => {
    const razorpayData = { razorpay_order_id: 'order_Ab12', razorpay_payment_id: 'pay_Cd34', razorpay_signature: 'a'.repeat(64) };
    expect(ok(ProcessSubscriptionPaymentBody, { paymentMethod: 'razorpay', razorpayData })).toBe(true);
    expect(ok(ProcessSubscriptionPaymentBody, { paymentMethod: 'paypal', orderID: '5O190127TN364715T', paymentDetails: { x: 1 } })).toBe(true);
    expect(ok(ProcessSubscriptionPaymentBody, { paymentMethod: 'paypal', razorpayData })).toBe(false);
    expect(ok(ProcessSubscriptionPaymentBody, { paymentMethod: 'razorpay', razorpayData, amount: '1.00' })).toBe(false);
    expect(ok(CreateSubscriptionPaymentBody, { region: 'india' })).toBe(true);
    expect(ok(CreateSubscriptionPaymentBody, { region: 'mars' })).toBe(false);
  });
});

describe('events', () => {
  const examples: { [T in keyof typeof events]: EventEnvelope<T>['data'] } = {
    'identity.user.upserted': { userId: id(1), email: 'a@b.in', firstName: 'Asha', lastName: 'K', role: 'learner' },
    'content.chapter.published': {
      chapterId: id(2),
      subjectId: id(3),
      subjectName: 'Biology',
      className: 'CBSE Class 12',
      chapterName: 'Reproduction in Organisms',
      topicIds: [id(4), id(5)],
      questionCount: 55,
    },
    'study.quiz.completed': {
      userId: id(1),
      sessionId: id(6),
      chapterId: id(2),
      topicId: null,
      score: 90,
      correct: 9,
      total: 10,
      timeSpent: 300,
    },
    'billing.subscription.activated': {
      userId: id(1),
      subscriptionId: id(7),
      plan: 'premium_yearly',
      provider: 'razorpay',
      currency: 'INR',
      amount: '500.00',
      startsAt: '2025-06-01T00:00:00.000Z',
      endsAt: '2026-06-01T00:00:00.000Z',
      paymentId: 'pay_123',
    },
    'billing.subscription.ended': { userId: id(1), subscriptionId: id(7), reason: 'expired', endedAt: '2026-06-01T00:00:00Z' },
    'feedback.ticket.created': { ticketNumber: 'LP-2026-000001', userId: id(1), category: 'refund', subject: 'Refund please', message: 'Bought by mistake', createdAt: '2025-06-01T10:00:00.000Z' },
    'billing.refund.updated': { ticketNumber: 'LP-2026-000001', userId: id(1), outcome: 'refunded', reason: 'Refunded in full: within 7 days of a first subscription.', paymentId: 'pay_123', amount: '500.00', currency: 'INR', decidedAt: '2025-06-01T10:05:00.000Z' },
    'identity.session.ended': { sid: 'k3J9x', userId: id(1), reason: 'signed-out', endedAt: '2025-06-01T10:00:00.000Z', expiresAt: '2025-06-01T11:00:00.000Z' },
  };

  it('has a schema and an example envelope for every event type', () => {
    expect(EVENT_TYPES.sort()).toEqual(Object.keys(examples).sort());
    for (const type of EVENT_TYPES) {
      const envelope = { id: crypto.randomUUID(), type, occurredAt: new Date().toISOString(), data: examples[type] };
      expect(Value.Errors(eventEnvelopes[type], envelope).First()).toBeUndefined();
      expect(ok(eventEnvelopes[type], { ...envelope, type: 'other.event' })).toBe(false);
      expect(ok(eventEnvelopes[type], { ...envelope, occurredAt: 'yesterday' })).toBe(false);
    }
  });

  it('rejects event data that breaks its schema', () => {
    const bad = { ...examples['billing.subscription.activated'], provider: 'stripe' };
    expect(ok(events['billing.subscription.activated'], bad)).toBe(false);
    expect(ok(events['study.quiz.completed'], { ...examples['study.quiz.completed'], score: 101 })).toBe(false);
  });

  it('uses subjects that never collide with RPC subjects', () => {
    for (const name of Object.keys(rpc)) expect(name.split('.')[1]).toBe('rpc');
    for (const type of EVENT_TYPES) expect(type.split('.')[1]).not.toBe('rpc');
  });

  it('describes the RPCs', () => {
    expect(ok(rpc['content.rpc.answerKeys'].request, { questionIds: [id(1)] })).toBe(true);
    expect(ok(rpc['content.rpc.answerKeys'].request, { questionIds: [] })).toBe(false);
    expect(ok(rpc['content.rpc.subjectExists'].request, { subjectName: 'Physics' })).toBe(true);
    expect(ok(rpc['content.rpc.subjectExists'].request, { subjectId: id(3) })).toBe(true);
    expect(ok(rpc['study.rpc.sessionResult'].request, { sessionId: id(1) })).toBe(true);
    expect(ok(rpc['study.rpc.sessionResult'].request, { sessionId: id(1), score: 90 })).toBe(false);
    expect(ok(rpc['content.rpc.challengeQuestions'].response, { questions: [{ id: id(1), text: 'Q?', type: 'true_false', options: ['True', 'False'], figureReference: null }] })).toBe(true);
    expect(ok(rpc['study.rpc.entitlement'].response, { subscriptionStatus: 'active', canTakeQuiz: true, trialQuizzesRemaining: 1 })).toBe(true);
  });
});

describe('PDF jobs', () => {
  const question = { topic: 'Cells', question: 'What is the unit of life?', type: 'multiple_choice', options: ['Cell', 'Atom', 'Organ', 'Tissue'], correctAnswer: 'Cell', explanation: 'Page 1 says so.', difficulty: 2, page: 1, excerpt: 'The cell is the unit of life.' };
  it('describes a running job and a finished one with its reviewed questions', () => {
    const running = { jobId: 'a'.repeat(32), state: 'running', stage: 'Generating questions', pageCount: 2, pagesRead: 2, chunkCount: 2, chunksDone: 1, questionsKept: 3, percent: 60, message: null, result: null };
    expect(ok(PdfJob, running)).toBe(true);
    const processedData = { className: 'CBSE Class 10', subjects: [{ name: 'Science', chapters: [{ name: 'Cells', number: 1, topics: [{ name: 'Cells', questions: [question] }] }] }] };
    const done = { ...running, state: 'done', percent: 100, result: { processedData, questions: [question], generated: 5, kept: 1, dropped: [{ question: 'Dup?', page: 2, reason: 'near-duplicate' }] } };
    expect(ok(PdfJob, done)).toBe(true);
    expect(ok(PdfJob, { ...running, state: 'paused' })).toBe(false);
  });
});
