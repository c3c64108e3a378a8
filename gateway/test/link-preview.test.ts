// Issue 31, item 13: a shared challenge link's page carries `og:` tags in its HTML (WhatsApp runs no script), from
// svc-challenge's public intro of the token: who challenged, how many questions, the link itself. svc-challenge is
// stood in for by a small server answering its intro route as the contract says (a known token, an expired one).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { ChallengeIntro } from '@lp/contracts';
import { createTestKeys } from '@lp/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePreview, previewTags } from '../src/link-preview';
import { startGateway } from './helpers';

const INDEX = '<!doctype html><html lang="en"><head><title>LearnPlatform</title></head>'
  + '<body><div id="lp-header"></div><main id="lp-main"><div id="lp-shell-page"></div></main><div id="lp-footer"></div></body></html>';
const TOKEN = 'qZer1P8DkdIKCxcFA6H_-w';
const EXPIRED = 'AAAAAAAAAAAAAAAAAAAAAA';
const INTRO: ChallengeIntro = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', kind: 'link', challengerName: 'Asha "Ace" <K>', challengerScore: 80, challengerTime: 95,
  challengerCorrectAnswers: 8, challengerTotalQuestions: 10, message: null, subjectName: 'Physics', chapterName: 'Electric Charges and Fields', questionCount: 10, uses: 0, maxUses: null,
  expiresAt: '2026-12-04T06:00:00.000Z',
};

let root: string;
let challenge: FastifyInstance;
let gateway: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gateway-link-preview-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('shell/dist/index.html', INDEX);
  write('shell/dist/prerender.json', JSON.stringify({ pages: [] }));
  write('mfe-challenge/dist/prerender.json', JSON.stringify({ pages: [{ path: '/c/:token', slot: 'remote', html: '<h1>You have been challenged</h1>' }] }));
  challenge = Fastify();
  challenge.get('/api/challenges/token/:token', async (request, reply) => ((request.params as { token: string }).token === TOKEN
    ? INTRO
    : reply.code(404).send({ statusCode: 404, code: 'EXPIRED', error: 'Not Found', message: 'Challenge expired on 1 December 2026' })));
  const challengeUrl = await challenge.listen({ port: 0, host: '127.0.0.1' });
  const keys = await createTestKeys();
  gateway = await startGateway({ upstreams: { challenge: challengeUrl }, routes: [{ method: 'GET', url: '/api/challenges/token/:token', owner: 'challenge' }], verifier: keys.verifier, staticRoot: root, trustProxy: true });
});
afterAll(async () => {
  await gateway?.close();
  await challenge?.close();
  rmSync(root, { recursive: true, force: true });
});

const tag = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('a challenge link shared in a chat', () => {
  it("carries og: tags naming the challenger, the subject and chapter and the number of questions, and the link, in the page's head", async () => {
    const res = await gateway.inject({ url: `/c/${TOKEN}`, headers: { host: 'learn.example.in', 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(tag(head, 'og:type')).toBe('website');
    expect(tag(head, 'og:title')).toBe('Asha &quot;Ace&quot; &lt;K&gt; challenged you to a quiz');
    expect(tag(head, 'og:description')).toBe('Physics · Electric Charges and Fields: 10 questions. Asha &quot;Ace&quot; &lt;K&gt; scored 80%: can you beat that? Free to play, no account needed.');
    expect(tag(head, 'og:url')).toBe(`https://learn.example.in/c/${TOKEN}`);
    expect(res.body).toContain('<div id="lp-prerendered"><h1>You have been challenged</h1></div>');
  });

  it('carries them compressed too', async () => {
    const res = await gateway.inject({ url: `/c/${TOKEN}`, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(tag(brotliDecompressSync(res.rawPayload).toString(), 'og:title')).toBe('Asha &quot;Ace&quot; &lt;K&gt; challenged you to a quiz');
  });

  it('an expired or unknown link gets the page without them', async () => {
    const res = await gateway.inject(`/c/${EXPIRED}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="lp-prerendered">');
    expect(res.body).not.toContain('og:');
  });
});

describe('the pieces', () => {
  it('says who challenged, on what subject and chapter, with how many questions and their score', () => {
    expect(challengePreview(INTRO)).toEqual({
      title: 'Asha "Ace" <K> challenged you to a quiz',
      description: 'Physics · Electric Charges and Fields: 10 questions. Asha "Ace" <K> scored 80%: can you beat that? Free to play, no account needed.',
    });
    // A challenge made before the chapter was recorded: the rest still.
    expect(challengePreview({ ...INTRO, subjectName: null, chapterName: null }).description).toBe('10 questions. Asha "Ace" <K> scored 80%: can you beat that? Free to play, no account needed.');
  });

  it('escapes what goes into an attribute', () => {
    expect(previewTags({ title: '"><script>', description: 'a & b' }, 'https://x.in/c/t')).toBe(
      '<meta property="og:type" content="website"><meta property="og:title" content="&quot;&gt;&lt;script&gt;">'
      + '<meta property="og:description" content="a &amp; b"><meta property="og:url" content="https://x.in/c/t">',
    );
  });
});
