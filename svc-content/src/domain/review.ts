// The review step of AI-generated questions (issue 15), before the admin sees them: the key must be exactly one of
// the options; options are shuffled after that check (models put the right answer first far too often);
// near-duplicates of each other and of the chapter's existing bank are dropped; each kept question keeps its page
// number and a short source excerpt. Pure: the random source is passed in.
import { foldText } from '@lp/question-rules';
import { plainText } from '@lp/question-rules/notation';
import type { TextChunk } from './pdf-chunks';

/** A question as the model returns it (the structured-output schema in events/ai-generator.ts). */
export interface GeneratedQuestion {
  topic?: unknown;
  question?: unknown;
  options?: unknown;
  correctAnswer?: unknown;
  explanation?: unknown;
  page?: unknown;
  sourceExcerpt?: unknown;
  hi?: unknown;
}

export interface ReviewedQuestion {
  topic: string; question: string; type: 'multiple_choice'; options: string[]; correctAnswer: string;
  explanation: string; difficulty: number; page: number; excerpt: string;
  /** The model's Hindi version, options in the same (shuffled) order as the English ones. */
  hi?: { question: string; options: string[]; explanation: string };
}
export interface Dropped { question: string; page: number | null; reason: string }

export const DROP_REASONS = {
  shape: 'not a complete question (it needs a question, 4 distinct options and a key)',
  key: 'its answer key is not exactly one of its options',
  duplicate: 'a near-duplicate of another generated question',
  existing: 'a near-duplicate of a question already in this chapter',
  extra: 'more questions than asked for',
} as const;

const STOPWORDS = new Set('a an the of to in on for and or is are was were be by with as at from that this which what who whom whose why how when where does do did it its into than then their there these those has have had can could will would shall should may might not no'.split(' '));

/** The words that carry a question's meaning: formulas in their plain form (TeX commands are not words), folded, punctuation gone, stop words left out. */
export function contentWords(text: string): Set<string> {
  return new Set(foldText(plainText(text)).replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter((w) => w.length > 1 && !STOPWORDS.has(w)));
}

/** Jaccard similarity of two questions' content words (1 = the same words). */
export function similarity(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (x.size === 0 && y.size === 0) return foldText(a) === foldText(b) ? 1 : 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Two questions at or above this similarity ask the same thing. */
export const NEAR_DUPLICATE = 0.8;

export const isNearDuplicate = (a: string, b: string) => similarity(a, b) >= NEAR_DUPLICATE;

/** Fisher-Yates with the given source of numbers in [0, 1). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A small seeded generator (mulberry32), so a review can be repeated in tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');

/** The sentence of the chunk's page text that best supports the question, cut to `max` characters. */
export function sourceExcerpt(chunk: TextChunk, page: number, given: string, question: string, max: number): string {
  const pageText = chunk.pages.filter((p) => p.page === page).map((p) => p.text).join(' ') || chunk.pages.map((p) => p.text).join(' ');
  const flat = pageText.replace(/\s+/g, ' ').trim();
  // The model's own excerpt, when it really is in the text.
  if (given && foldText(flat).includes(foldText(given))) return cut(given, max);
  const sentences = flat.split(/(?<=[.!?])\s+/).filter(Boolean);
  let best = sentences[0] ?? flat;
  let bestScore = -1;
  const words = contentWords(`${question} ${given}`);
  for (const s of sentences) {
    const score = [...contentWords(s)].filter((w) => words.has(w)).length;
    if (score > bestScore) { best = s; bestScore = score; }
  }
  return cut(best, max);
}

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

export interface ReviewInput {
  /** Each generated question with the chunk it was asked of. */
  generated: Array<{ chunk: TextChunk; question: GeneratedQuestion }>;
  /** Question texts already published in the chapter. */
  existing: string[];
  /** How many to keep at most. */
  wanted: number;
  difficulty: number;
  defaultTopic: string;
  excerptChars: number;
  random: () => number;
}

export function reviewGenerated(input: ReviewInput): { kept: ReviewedQuestion[]; dropped: Dropped[] } {
  const kept: ReviewedQuestion[] = [];
  const dropped: Dropped[] = [];
  for (const { chunk, question: g } of input.generated) {
    const question = text(g.question);
    const rawPage = typeof g.page === 'number' && Number.isInteger(g.page) ? g.page : null;
    const page = rawPage !== null && rawPage >= chunk.firstPage && rawPage <= chunk.lastPage ? rawPage : chunk.firstPage;
    const drop = (reason: string) => dropped.push({ question: question || '(no question text)', page, reason });

    const options = Array.isArray(g.options) ? g.options.map(text) : [];
    const distinct = new Set(options.map(foldText));
    if (!question || options.length !== 4 || options.some((o) => o === '') || distinct.size !== 4) { drop(DROP_REASONS.shape); continue; }
    // Exactly one option is the key: compared as text, never read as a letter or an index.
    const key = text(g.correctAnswer);
    const matches = options.filter((o) => foldText(o) === foldText(key));
    if (matches.length !== 1) { drop(DROP_REASONS.key); continue; }
    if (kept.some((k) => isNearDuplicate(k.question, question))) { drop(DROP_REASONS.duplicate); continue; }
    if (input.existing.some((e) => isNearDuplicate(e, question))) { drop(DROP_REASONS.existing); continue; }
    if (kept.length >= input.wanted) { drop(DROP_REASONS.extra); continue; }
    // One shuffle of positions for both languages, so a Hindi option stays its English option's twin.
    const order = shuffle(options.map((_, i) => i), input.random);
    const hi = hindiOf(g.hi, options.length);
    kept.push({
      topic: text(g.topic) || input.defaultTopic,
      question,
      type: 'multiple_choice',
      options: order.map((i) => options[i]!),
      correctAnswer: matches[0]!,
      explanation: text(g.explanation),
      difficulty: input.difficulty,
      page,
      excerpt: sourceExcerpt(chunk, page, text(g.sourceExcerpt), question, input.excerptChars),
      ...(hi ? { hi: { ...hi, options: order.map((i) => hi.options[i]!) } } : {}),
    });
  }
  return { kept, dropped };
}

/** The model's Hindi version when it is usable (a question and as many distinct options); otherwise none. */
function hindiOf(raw: unknown, count: number): ReviewedQuestion['hi'] | null {
  if (!raw || typeof raw !== 'object') return null;
  const hi = raw as Record<string, unknown>;
  const question = text(hi.question);
  const options = Array.isArray(hi.options) ? hi.options.map(text) : [];
  if (!question || options.length !== count || options.some((o) => o === '') || new Set(options).size !== count) return null;
  return { question, options, explanation: text(hi.explanation) };
}

/** Upload difficulty of the generation choice (spec §3: uploads use 1 easy, 2 medium, 3 hard). */
export const DIFFICULTY_LEVEL = { easy: 1, medium: 2, hard: 3 } as const;
