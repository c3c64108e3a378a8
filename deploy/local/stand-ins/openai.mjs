// A local OpenAI-compatible stand-in (POST /v1/chat/completions) for the PDF → questions pipeline: the tests and a
// keyless demo run. It answers with deterministic multiple-choice questions made from the sentences of the text it
// is given (fill in the blank of a sentence's longest word), in the JSON shape the request's response_format asks
// for, and with deliberately bad ones mixed in so the review step has something to catch:
//   - the key is always the first option (position A), as real models do far too often;
//   - one question per request has a key that matches none of its options;
//   - one question per request is a near-duplicate of the first.
// Text containing STAND-IN:SLOW answers after 10 s (for time-out tests); STAND-IN:FAIL answers 500.
// Bilingual (issue 33 §1): a Hindi (Devanagari) text, or a prompt asking for Hindi, gets each question's `hi`
// (a Hindi stem, the same options in the same order, a Hindi explanation); otherwise `hi` is null.
//
//   node deploy/local/stand-ins/openai.mjs [port]     # then OPENAI_BASE_URL=http://127.0.0.1:<port>/v1 OPENAI_API_KEY=stand-in
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const STOP = new Set('about above after again against because before being below between could every first other their there these those through under which while would where whose always never'.split(' '));
const FALLBACK_DISTRACTORS = ['photosynthesis', 'nucleus', 'gravity', 'molecule', 'continent'];

/** Sentences of the text, each with the page its `[Page N]` marker names. */
function sentences(text) {
  const out = [];
  let page = 1;
  for (const block of text.split(/(\[Page \d+\])/)) {
    const marker = /^\[Page (\d+)\]$/.exec(block);
    if (marker) { page = Number(marker[1]); continue; }
    for (const s of block.replace(/\s+/g, ' ').split(/(?<=[.!?।])\s+/)) {
      const sentence = s.trim();
      if (sentence.split(' ').length >= 5) out.push({ page, sentence });
    }
  }
  return out;
}

// Letters and their marks: a Devanagari word keeps its vowel signs.
const keyWord = (sentence) => sentence.replace(/[^\p{L}\p{M}\s]/gu, ' ').split(/\s+/)
  .filter((w) => w.length >= 5 && !STOP.has(w.toLowerCase()))
  .sort((a, b) => b.length - a.length || a.localeCompare(b))[0];

/** Deterministic questions from the chunk text, bad ones included (see the header). */
export function questionsFor(text, count, topic = 'General', { hindi = /[\u0900-\u097F]/.test(text) } = {}) {
  const found = sentences(text);
  const words = [...new Set(found.map((f) => keyWord(f.sentence)).filter(Boolean))];
  const questions = [];
  for (const { page, sentence } of found) {
    if (questions.length >= count) break;
    const key = keyWord(sentence);
    if (!key || questions.some((q) => q.correctAnswer === key)) continue;
    const distractors = [...words.filter((w) => w.toLowerCase() !== key.toLowerCase()), ...FALLBACK_DISTRACTORS]
      .filter((w, i, all) => all.findIndex((x) => x.toLowerCase() === w.toLowerCase()) === i && w.toLowerCase() !== key.toLowerCase()).slice(0, 3);
    questions.push({
      topic,
      question: `Fill in the blank: ${sentence.replace(key, '_____')}`,
      options: [key, ...distractors],
      correctAnswer: key,
      explanation: `The text on page ${page} says: "${sentence}"`,
      page,
      sourceExcerpt: sentence,
      hi: hindi ? { question: `रिक्त स्थान भरें: ${sentence.replace(key, '_____')}`, options: [key, ...distractors], explanation: `पृष्ठ ${page} पर लिखा है: "${sentence}"` } : null,
    });
  }
  if (questions.length > 0) {
    const first = questions[0];
    questions.push({ ...first, question: `${first.question.replace('Fill in the blank:', 'Fill the blank:')}`, sourceExcerpt: first.sourceExcerpt });
    questions.push({ ...first, question: `Which word completes it? ${first.sourceExcerpt.slice(0, 40)}…`, correctAnswer: 'None of these' });
  }
  return questions;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function createOpenAiStandIn() {
  return createServer(async (req, res) => {
    const send = (status, body) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method === 'GET' && (req.url === '/healthz' || req.url === '/v1/models')) return send(200, { object: 'list', data: [{ id: 'stand-in', object: 'model' }] });
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) return send(404, { error: { message: `No route ${req.method} ${req.url}` } });
    let body;
    try { body = JSON.parse(await readBody(req)); } catch { return send(400, { error: { message: 'Invalid JSON body' } }); }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) return send(401, { error: { message: 'No API key' } });
    const prompt = (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    if (prompt.includes('STAND-IN:FAIL')) return send(500, { error: { message: 'The stand-in was asked to fail' } });
    if (prompt.includes('STAND-IN:SLOW')) await new Promise((r) => setTimeout(r, 10_000));
    const count = Number(/Write (\d+) multiple-choice questions/.exec(prompt)?.[1] ?? 5);
    const text = /<<<TEXT\n([\s\S]*?)\nTEXT>>>/.exec(prompt)?.[1] ?? prompt;
    const topic = /Chapter: (.+)/.exec(prompt)?.[1]?.trim() ?? 'General';
    const askedForHindi = prompt.includes('Also write each question in Hindi');
    const content = JSON.stringify({ questions: questionsFor(text, count, topic, askedForHindi ? { hindi: true } : {}) });
    send(200, {
      id: `chatcmpl-standin-${Date.now()}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model ?? 'stand-in',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: prompt.length, completion_tokens: content.length, total_tokens: prompt.length + content.length },
    });
  });
}

/** Listens on `port` (0: any free port) on loopback; resolves with the server and its base URL for OPENAI_BASE_URL. */
export async function startOpenAiStandIn(port = 0) {
  const server = createOpenAiStandIn();
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  const address = server.address();
  return { server, baseUrl: `http://127.0.0.1:${address.port}/v1`, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { baseUrl } = await startOpenAiStandIn(Number(process.argv[2] ?? 4013));
  console.log(`OpenAI stand-in on ${baseUrl} (OPENAI_BASE_URL=${baseUrl} OPENAI_API_KEY=stand-in)`);
}
