// The admin upload routes on the real FerretDB and NATS, with the OpenAI-compatible stand-in for the AI model.
import { routes, type PdfJob } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, eventually, uniqueDbName, type TestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStandIn } from '../../../deploy/local/stand-ins/openai.mjs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readAiConfig } from '../../src/generation/ai-client';
import { limitMessage, pdfPages, PDF_READ_LIMITS } from '../../src/generation/pdf-text';
import { contentModels, type ContentModels } from '../../src/models';
import { buildContent, fixtureTree } from '../support/harness';
import { bombPdf, CELL_PAGES, textPdf } from '../support/pdf';

let keys: TestKeys;
let app: ServiceApp;
/** A second replica on the same database: it answers for jobs the first one runs. */
let replica: ServiceApp;
let models: ContentModels;
let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;

const OWNER = 'a0000000000000000000000f';
const LEARNER = 'b0000000000000000000000f';
let ownerCookie: string;
let elevatedCookie: string;
let learnerCookie: string;

beforeAll(async () => {
  keys = await createTestKeys();
  standIn = await startOpenAiStandIn(0);
  const ai = { ...readAiConfig({}), openai: { apiKey: 'stand-in', baseUrl: standIn.baseUrl, model: 'stand-in' }, timeoutMs: 1500 };
  const dbName = uniqueDbName('content');
  app = await buildContent(keys, { ai }, dbName);
  replica = await buildContent(keys, { ai }, dbName);
  models = await contentModels(app.db);
  ownerCookie = `lp_session=${await keys.session(OWNER, 'owner')}`;
  elevatedCookie = `${ownerCookie}; lp_admin=${await keys.admin(OWNER)}`;
  learnerCookie = `lp_session=${await keys.session(LEARNER, 'learner')}; lp_admin=${await keys.admin(LEARNER)}`;
});
afterAll(async () => {
  await replica?.close();
  await app?.close();
  await standIn?.close();
});

const post = (url: string, payload: unknown, cookie = elevatedCookie) => app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer; type?: string };
function multipart(parts: Part[]) {
  const boundary = `----lp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/pdf'}\r\n\r\n`), p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pdfFields = (over: Record<string, string> = {}) => Object.entries({
  className: 'CBSE Class 10', subjectName: 'Science', chapterNumber: '8', chapterName: 'Cell Structure', numberOfQuestions: '5', difficulty: 'medium', aiModel: 'openai', ...over,
}).map(([name, value]) => ({ name, value }));

function processPdf(parts: Part[], cookie = elevatedCookie) {
  const body = multipart(parts);
  return app.inject({ method: 'POST', url: '/api/admin/process-pdf', payload: body.payload, headers: { ...body.headers, cookie } });
}

async function finishedJob(jobId: string, on: ServiceApp = app): Promise<PdfJob> {
  return eventually(async () => {
    const res = await on.inject({ method: 'GET', url: `/api/admin/pdf-jobs/${jobId}`, headers: { cookie: elevatedCookie } });
    const job = res.json() as PdfJob;
    return job.state !== 'running' ? job : undefined;
  }, { timeoutMs: 20_000, intervalMs: 200 });
}

describe('admin access', () => {
  const adminRoutes = routes.filter((r) => r.owner === 'content' && r.url.startsWith('/api/admin/'));

  it('covers every content admin route of the contracts', () => {
    expect(adminRoutes.map((r) => r.url).sort()).toEqual([
      '/api/admin/pdf-jobs/:id', '/api/admin/process-guided-form', '/api/admin/process-multiple-files', '/api/admin/process-pdf',
      '/api/admin/process-raw-json', '/api/admin/question-flags', '/api/admin/question-flags/:id/correct', '/api/admin/question-flags/:id/dismiss',
      '/api/admin/question-flags/:id/retire', '/api/admin/upload', '/api/admin/upload-processed-content',
    ]);
    for (const route of adminRoutes) expect(route.access).toBe('admin');
  });

  it('refuses a visitor (401), a learner even with an elevation token, and an owner without elevation (403) on every admin route', async () => {
    // Valid bodies, so a refusal is the access check and not the body's validation.
    const valid: Record<string, unknown> = {
      '/api/admin/process-raw-json': { rawJson: '{}' },
      '/api/admin/process-guided-form': { className: 'CBSE Class 10', subjectName: 'S', chapterNumber: 1, chapterName: 'C', rawQuestions: '[]' },
      '/api/admin/process-multiple-files': { files: [{ filename: 'a.json', content: '[]' }] },
      '/api/admin/upload': fixtureTree('Never Published'),
      '/api/admin/upload-processed-content': { className: 'CBSE Class 10', subjectName: 'S', chapterName: 'Never Published', topics: {} },
    };
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', 'a'.repeat(32));
      const payload = valid[route.url];
      for (const [who, cookie, status] of [['visitor', '', 401], ['learner', learnerCookie, 403], ['owner', ownerCookie, 403]] as const) {
        const res = await app.inject({ method: route.method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
        expect(`${who} ${route.method} ${url} ${res.statusCode}`).toBe(`${who} ${route.method} ${url} ${status}`);
      }
    }
    // An elevation from another sign-in session does not count.
    const otherSession = `${ownerCookie}; lp_admin=${await keys.admin(OWNER, { sid: 'another-session' })}`;
    expect((await post('/api/admin/process-raw-json', { rawJson: '{}' }, otherSession)).statusCode).toBe(403);
    expect(await models.Chapter.countDocuments({ name: 'Never Published' })).toBe(0);
  });
});

describe('process raw JSON and the guided form', () => {
  it('previews a tree in canonical form and stores nothing', async () => {
    const before = await models.Question.countDocuments();
    const res = await post('/api/admin/process-raw-json', { rawJson: JSON.stringify(fixtureTree('Raw Preview')) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ subjects: 1, chapters: 1, topics: 2, questions: 18 });
    const first = body.processedData.subjects[0].chapters[0].topics[0].questions[0];
    expect(first).toMatchObject({ type: 'multiple_choice', correctAnswer: 'Oxygen' }); // 'C' of the options
    expect(await models.Question.countDocuments()).toBe(before);
  });

  it('answers malformed JSON with the spec message', async () => {
    const res = await post('/api/admin/process-raw-json', { rawJson: '{"className": "CBSE Class 12",' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid JSON: Please check your JSON syntax and try again');
  });

  it('refuses a question whose key matches no option, naming it, and a blank text', async () => {
    const tree = fixtureTree('Bad Key');
    tree.subjects[0]!.chapters[0]!.topics[1]!.questions[2]!.correctAnswer = 'Z9';
    const res = await post('/api/admin/process-raw-json', { rawJson: JSON.stringify(tree) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UPLOAD_REJECTED');
    expect(res.json().message).toContain('Question "Speciation question 3?"');
    expect(res.json().message).toContain('answer key "Z9" matches none of its options');
    expect((await post('/api/admin/process-raw-json', { rawJson: '   ' })).statusCode).toBe(400);
  });

  it('builds a chapter from the guided form, accepting every key form', async () => {
    const rawQuestions = JSON.stringify([
      { question: 'Letter key?', type: 'multiple-choice', options: '["w","x","y","z"]', correctAnswer: 'B' },
      { question: 'Digit key?', type: 'multiple_choice', options: ['w', 'x', 'y', 'z'], correctAnswer: '2', difficulty: 3 },
      { question: 'Text key?', type: 'multiple_choice', options: ['w', 'x', 'y', 'z'], correctAnswer: 'z' },
      { question: 'Boolean key?', type: 'true_false', correctAnswer: false },
    ]);
    const res = await post('/api/admin/process-guided-form', { className: 'CBSE Class 10', subjectName: 'Science', chapterNumber: 2, chapterName: 'Acids', rawQuestions });
    expect(res.statusCode).toBe(200);
    const topic = res.json().processedData.subjects[0].chapters[0].topics[0];
    expect(topic.name).toBe('Acids');
    expect(topic.questions.map((q: { correctAnswer: string }) => q.correctAnswer)).toEqual(['x', 'y', 'z', 'False']);
    expect(topic.questions.map((q: { difficulty: number }) => q.difficulty)).toEqual([1, 3, 1, 1]);
    const incomplete = await post('/api/admin/process-guided-form', { className: 'CBSE Class 10', subjectName: 'Science', chapterNumber: 2, chapterName: 'Acids' });
    expect(incomplete.statusCode).toBe(400);
  });
});

describe('multiple files', () => {
  const file = (name: string, questions: unknown[], header = {}) => ({ filename: name, content: JSON.stringify({ ...header, questions }) });
  const q = (n: number) => ({ question: `Multi ${n}?`, type: 'multiple_choice', options: ['a', 'b', 'c', 'd'], correctAnswer: 'a' });

  it('parses the files with a status each, then publishes them once however often it is sent', async () => {
    const header = { className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Multi Chapter' };
    const res = await post('/api/admin/process-multiple-files', { files: [file('topic-one.json', [q(1), q(2)], header), file('topic-two.json', [q(3)]), { filename: 'bad.json', content: '[' }] });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ ...header, totalQuestions: 3 });
    expect(result.files.map((f: { status: string }) => f.status)).toEqual(['parsed', 'parsed', 'error']);

    const body = { className: result.className, subjectName: result.subjectName, chapterName: result.chapterName, topics: result.topics };
    const first = await post('/api/admin/upload-processed-content', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().questionCount).toBe(3);
    const chapterId = first.json().chapters[0].chapterId;
    const second = await post('/api/admin/upload-processed-content', body);
    expect(second.json().chapters).toEqual(first.json().chapters);
    expect(await models.Question.countDocuments({ chapterId })).toBe(3);
  });

  it('refuses 21 files and a file over 2 MB, with a clear 400', async () => {
    const files = Array.from({ length: 21 }, (_, i) => file(`f${i}.json`, [q(i)]));
    const many = await post('/api/admin/process-multiple-files', { files });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/files must NOT have more than 20 items|at most 20|20/);
    const big = await post('/api/admin/process-multiple-files', { files: [{ filename: 'big.json', content: 'x'.repeat(2_000_001) }] });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/content/);
    const notJson = await post('/api/admin/process-multiple-files', { files: [{ filename: 'notes.txt', content: '[]' }] });
    expect(notJson.statusCode).toBe(400);
  });

  it('reports every file failing when none can be used', async () => {
    const res = await post('/api/admin/process-multiple-files', { files: [{ filename: 'x.json', content: JSON.stringify([{ ...q(1), correctAnswer: 'zz' }]) }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('x.json: ');
    expect(res.json().message).toContain('Question "Multi 1?"');
  });
});

describe('upload', () => {
  it('publishes a tree twice without duplicates, and a rejected tree publishes nothing', async () => {
    const first = await post('/api/admin/upload', fixtureTree('Upload Twice'));
    expect(first.statusCode).toBe(200);
    const chapterId = first.json().chapters[0].chapterId;
    expect((await post('/api/admin/upload', fixtureTree('Upload Twice'))).statusCode).toBe(200);
    expect(await models.Question.countDocuments({ chapterId })).toBe(18);

    const bad = fixtureTree('Never Stored');
    bad.subjects[0]!.chapters[0]!.topics[1]!.questions[5]!.correctAnswer = 'nothing like it';
    const res = await post('/api/admin/upload', bad);
    expect(res.statusCode).toBe(400);
    expect(await models.Chapter.countDocuments({ name: 'Never Stored' })).toBe(0);
  });
});

describe('PDF → questions', () => {
  it('generates questions from a two-page PDF through the stand-in, catching its bad questions', async () => {
    const pdf = await textPdf(CELL_PAGES);
    const res = await processPdf([...pdfFields(), { name: 'pdf', filename: 'cells.pdf', bytes: pdf }]);
    expect(res.statusCode).toBe(202);
    // Polled on the other replica: the job lives in the database.
    const job = await finishedJob(res.json().jobId, replica);
    expect(job).toMatchObject({ state: 'done', pageCount: 2, pagesRead: 2, percent: 100, message: null });
    const review = job.result!;
    expect(review.kept).toBe(5);
    expect(review.questions).toHaveLength(5);
    const reasons = review.dropped.map((d) => d.reason);
    expect(reasons).toContain('its answer key is not exactly one of its options');
    expect(reasons).toContain('a near-duplicate of another generated question');
    for (const q of review.questions) {
      expect(q.options).toContain(q.correctAnswer);
      expect([1, 2]).toContain(q.page);
      expect(q.excerpt.length).toBeGreaterThan(10);
      expect(q.difficulty).toBe(2);
    }
    // The stand-in always puts the key first; after the review it is not always first.
    expect(new Set(review.questions.map((q) => q.options.indexOf(q.correctAnswer))).size).toBeGreaterThan(1);
    // Another admin does not see this admin's job.
    const other = `lp_session=${await keys.session('c0000000000000000000000f', 'owner')}; lp_admin=${await keys.admin('c0000000000000000000000f')}`;
    expect((await app.inject({ method: 'GET', url: `/api/admin/pdf-jobs/${job.jobId}`, headers: { cookie: other } })).statusCode).toBe(404);
    expect(review.processedData).toMatchObject({ className: 'CBSE Class 10', subjects: [{ name: 'Science', chapters: [{ name: 'Cell Structure', number: 8 }] }] });

    // The preview publishes through the one path; generating again drops the questions now in the bank.
    const published = await post('/api/admin/upload', review.processedData);
    expect(published.statusCode).toBe(200);
    const again = await finishedJob((await processPdf([...pdfFields(), { name: 'pdf', filename: 'cells.pdf', bytes: pdf }])).json().jobId);
    expect(again.result?.dropped.map((d) => d.reason) ?? [again.message]).toContain('a near-duplicate of a question already in this chapter');
  });

  it('fails the job of a 0.2 MB PDF that unpacks to 80 MB with a message saying so', async () => {
    const res = await processPdf([...pdfFields(), { name: 'pdf', filename: 'bomb.pdf', bytes: bombPdf(80 * 1024 * 1024) }]);
    expect(res.statusCode).toBe(202);
    const job = await finishedJob(res.json().jobId, replica);
    expect(job).toMatchObject({ state: 'failed', stage: 'Failed', result: null, message: limitMessage({ limit: 'unpacked' }, PDF_READ_LIMITS) });
  });

  it('reads a PDF off the event loop: the public catalogue answers while it is read, and the heap keeps nothing of it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => { gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
    const before = heap();
    // The unpacked-size check lifted, so pdf.js really reads the 8 MB stream (seconds of CPU) until the text limit.
    const lifted = { ...PDF_READ_LIMITS, maxUnpackedBytes: 1024 * 1024 * 1024, maxTextChars: 1_000_000 };
    const finished: string[] = [];
    const reading = pdfPages(bombPdf(8 * 1024 * 1024), lifted).then(() => null, (err: Error) => err).finally(() => finished.push('pdf'));
    const catalogue = await app.inject({ method: 'GET', url: '/api/subjects/with-chapters?className=CBSE%20Class%2010' });
    finished.push('catalogue');
    expect(catalogue.statusCode).toBe(200);
    const outcome = await reading;
    expect(finished).toEqual(['catalogue', 'pdf']);
    expect(outcome?.message).toBe(limitMessage({ limit: 'text' }, lifted));
    // Nothing of the 8 MB stream, or of the 5 million characters read from it, stays on the service's heap.
    expect(heap() - before).toBeLessThan(4 * 1024 * 1024);
  }, 90_000);

  it('refuses a PDF of 10 MB + 1 byte (413), a PNG renamed .pdf, a missing file or field', async () => {
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1 - 9, 0x20)]);
    const big = await processPdf([...pdfFields(), { name: 'pdf', filename: 'big.pdf', bytes: tooBig }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('FILE_TOO_LARGE');

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(100)]);
    const fake = await processPdf([...pdfFields(), { name: 'pdf', filename: 'photo.pdf', bytes: png }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/^Invalid File: Please select a PDF file/);

    const noFile = await processPdf(pdfFields());
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please fill in all fields and upload a PDF file');

    const pdf = await textPdf(CELL_PAGES);
    const noChapter = await processPdf([...pdfFields({ chapterName: '' }), { name: 'pdf', filename: 'cells.pdf', bytes: pdf }]);
    expect(noChapter.statusCode).toBe(400);
    expect(noChapter.json().message).toContain('Please fill in all fields and upload a PDF file');
    const badCount = await processPdf([...pdfFields({ numberOfQuestions: '7' }), { name: 'pdf', filename: 'cells.pdf', bytes: pdf }]);
    expect(badCount.statusCode).toBe(400);
    expect(await models.PdfJob.countDocuments({ 'stage': 'never' })).toBe(0);
  });

  it('names the variable to set when no key is configured', async () => {
    const pdf = await textPdf(CELL_PAGES);
    const res = await processPdf([...pdfFields({ aiModel: 'deepseek' }), { name: 'pdf', filename: 'cells.pdf', bytes: pdf }]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
    expect(res.json().message).toContain('DEEPSEEK_API_KEY');
  });

  it('reports a model that does not answer in time, or fails, as a failed job with a reason', async () => {
    const slow = await finishedJob((await processPdf([...pdfFields(), { name: 'pdf', filename: 's.pdf', bytes: await textPdf(['STAND-IN:SLOW is written on this page of the textbook about cells.']) }])).json().jobId);
    expect(slow).toMatchObject({ state: 'failed', result: null });
    expect(slow.message).toMatch(/did not answer within/);
    const failing = await finishedJob((await processPdf([...pdfFields(), { name: 'pdf', filename: 'f.pdf', bytes: await textPdf(['STAND-IN:FAIL is written on this page of the textbook about cells.']) }])).json().jobId);
    expect(failing).toMatchObject({ state: 'failed' });
    expect(failing.message).toMatch(/AI provider answered with an error \(500\)/);
  });

  it('reports a job whose process stopped (no heartbeat for 45 s) as failed, on any replica', async () => {
    const jobId = 'd'.repeat(32);
    await models.PdfJob.create({ _id: jobId, userId: OWNER, state: 'running', stage: 'Generating questions', pageCount: 3, pagesRead: 3, chunkCount: 2, chunksDone: 1, questionsKept: 2, percent: 50, message: null, result: null, heartbeatAt: new Date(Date.now() - 46_000) });
    const res = await replica.inject({ method: 'GET', url: `/api/admin/pdf-jobs/${jobId}`, headers: { cookie: elevatedCookie } });
    expect(res.json()).toMatchObject({ state: 'failed', message: 'The server generating these questions stopped. Upload the PDF again.' });
  });

  it('starting a job sweeps away jobs not written for a day, and keeps younger ones', async () => {
    const base = { userId: OWNER, state: 'done', stage: 'Done', pageCount: 1, pagesRead: 1, chunkCount: 1, chunksDone: 1, questionsKept: 0, percent: 100, message: null, result: null, heartbeatAt: new Date() };
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const young = new Date(Date.now() - 23 * 60 * 60 * 1000);
    // Written with their timestamps as given (mongoose would stamp them now).
    await models.PdfJob.collection.insertMany([
      { _id: 'a'.repeat(32), ...base, createdAt: old, updatedAt: old },
      { _id: 'b'.repeat(32), ...base, createdAt: young, updatedAt: young },
    ] as never);
    const res = await processPdf([...pdfFields(), { name: 'pdf', filename: 'cells.pdf', bytes: await textPdf(CELL_PAGES) }]);
    expect(res.statusCode).toBe(202);
    expect(await models.PdfJob.countDocuments({ _id: 'a'.repeat(32) })).toBe(0);
    expect(await models.PdfJob.countDocuments({ _id: 'b'.repeat(32) })).toBe(1);
    await finishedJob(res.json().jobId);
  });

  it('an unknown job is a 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/pdf-jobs/${'f'.repeat(32)}`, headers: { cookie: elevatedCookie } });
    expect(res.statusCode).toBe(404);
  });
});
