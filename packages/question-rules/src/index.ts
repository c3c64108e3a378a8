/**
 * @lp/question-rules — the one place where the question rules of spec §3 and §5 live.
 *
 * Pure functions, no I/O, no dependencies. Used by:
 *  - svc-content at ingest (normaliseQuestion: every stored question is canonical),
 *  - svc-study and svc-challenge when scoring (isAnswerCorrect / answerIndex), which must
 *    also cope with legacy stored forms (digit / letter / boolean keys, JSON-string options).
 *
 * Answer-key resolution order (resolveOptionIndex), for multiple_choice and true_false:
 *  1. a JS number is ALWAYS a 0-based option index (it is typed intent: the challenge
 *     client sends the selected option index as a number);
 *  2. a string (or boolean, read as "true"/"false") that equals an option's text —
 *     trimmed, exact first, then case-insensitive — is that option;
 *  3. otherwise a digit-only string is a 0-based index into options (spec §5);
 *  4. otherwise a single letter A-D (either case) is the option at that position (A = 0).
 *  Step 2 before step 3 is deliberate: spec §5 says a digit correctAnswer is an index, but
 *  when an option's own text is that digit (options ["1","2","3","4"], key "2") the author
 *  almost certainly meant the option "2", and reading it as index 2 ("3") would silently
 *  mark the wrong option correct. Likewise a letter that is itself an option's text wins.
 */

import { foldDevanagari } from './devanagari.ts';
import { HINDI_TRUE_FALSE_OPTIONS } from './hindi-labels.ts';
import { plainText } from './notation.ts';

export { foldDevanagari } from './devanagari.ts';
export { HINDI_TRUE_FALSE_OPTIONS } from './hindi-labels.ts';

export const QUESTION_TYPES = ['multiple_choice', 'true_false', 'short_answer'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const DEFAULT_TRUE_FALSE_OPTIONS: readonly string[] = ['True', 'False'];
export const MIN_DIFFICULTY = 1;
export const MAX_DIFFICULTY = 5;
export const DEFAULT_DIFFICULTY = 1;
/** Letters accepted as option positions (spec §5: "single letter A-D"). */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** A question as it arrives in an upload tree (any field may be missing or loosely typed). */
export interface RawQuestion {
  question?: unknown;
  type?: unknown;
  options?: unknown;
  correctAnswer?: unknown;
  explanation?: unknown;
  difficulty?: unknown;
  figureReference?: unknown;
  /** The optional Hindi version (issue 33 §1): { question, options? (multiple_choice), correctAnswer? (short_answer), explanation? }. */
  hi?: unknown;
  [extra: string]: unknown;
}

/**
 * A question's Hindi version as stored. options: the Hindi option texts in the English options' order
 * (multiple_choice; [] otherwise, a true_false question reads सही / गलत). correctAnswer: the Hindi correct answer —
 * the Hindi option at the English key's position, सही / गलत, or the accepted Hindi short answer; '' when there is none.
 */
export interface HindiVersion {
  question: string;
  options: string[];
  correctAnswer: string;
  explanation: string;
}

/** The one canonical stored form. */
export interface NormalisedQuestion {
  question: string;
  type: QuestionType;
  /** Option texts; ["True","False"] by default for true_false; [] for short_answer. */
  options: string[];
  /** multiple_choice / true_false: the exact text of the correct option. short_answer: the trimmed answer. */
  correctAnswer: string;
  explanation: string;
  /** Integer 1-5 (uploads use 1 easy, 2 medium, 3 hard). */
  difficulty: number;
  figureReference: string | null;
  /** The Hindi version, present only when the upload gave one. */
  hi?: HindiVersion;
}

export type NormaliseResult = { ok: true; question: NormalisedQuestion } | { ok: false; reason: string };

/** What scoring needs: canonical stored questions and legacy stored forms both fit. */
export interface GradableQuestion {
  type: unknown;
  options?: unknown;
  correctAnswer: unknown;
  /** A bilingual question's Hindi options and answer: a learner may answer in either language. */
  hi?: { options?: unknown; correctAnswer?: unknown } | null | undefined;
}

export type AnswerValue = string | number | boolean;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** Trim, collapse inner whitespace, lower-case: the comparison form of free text. */
export function foldText(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The comparison form of a short answer: formulas in their plain form ("$10^{-18}$" is "10^-18", what a student
 * types), Devanagari folded (devanagari.ts: nukta, joiners, nasal marks, digits), "6.25 x 10" and "6.25×10" alike,
 * no spaces around ^ _ / =, then folded as text.
 */
export function foldAnswer(s: string): string {
  return foldText(foldDevanagari(plainText(s)))
    .replace(/(\d)\s*[×x*]\s*(?=\d)/g, '$1×')
    .replace(/\s*([\^_/=])\s*/g, '$1');
}

function keyText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return '';
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function quoteList(options: readonly string[]): string {
  return `[${options.map((o) => JSON.stringify(o)).join(', ')}]`;
}

/** `multiple-choice`, `Multiple Choice`, `true/false` ... → canonical type, or null if unknown. */
export function normaliseType(raw: unknown): QuestionType | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().toLowerCase().replace(/[\s\-/]+/g, '_');
  return (QUESTION_TYPES as readonly string[]).includes(t) ? (t as QuestionType) : null;
}

export type ParseOptionsResult = { ok: true; options: string[] } | { ok: false; reason: string };

/**
 * Options as an array of strings, or as a JSON string holding such an array.
 * Missing / null / "" → []. Numbers and booleans inside the array become their text.
 */
export function parseOptions(raw: unknown): ParseOptionsResult {
  let value: unknown = raw;
  if (value === undefined || value === null) return { ok: true, options: [] };
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return { ok: true, options: [] };
    try {
      value = JSON.parse(s);
    } catch {
      return { ok: false, reason: 'options is a string but not valid JSON; give an array of option texts' };
    }
    if (!Array.isArray(value)) {
      return { ok: false, reason: 'options is a JSON string but not a JSON array of option texts' };
    }
  }
  if (!Array.isArray(value)) return { ok: false, reason: 'options must be an array of option texts' };
  const options: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      return { ok: false, reason: `option ${i + 1} is not text` };
    }
    const text = String(item).trim();
    if (text === '') return { ok: false, reason: `option ${i + 1} is empty` };
    options.push(text);
  }
  return { ok: true, options };
}

/** Lenient option list for scoring stored (possibly legacy) questions: never throws, [] when unusable. */
export function questionOptions(question: GradableQuestion): string[] {
  const parsed = parseOptions(question.options);
  const options = parsed.ok ? parsed.options : [];
  if (options.length === 0 && normaliseType(question.type) === 'true_false') return [...DEFAULT_TRUE_FALSE_OPTIONS];
  return options;
}

/**
 * Which option an answer key (or a learner's answer) designates; -1 if none.
 * See the resolution order in the header comment.
 */
export function resolveOptionIndex(options: readonly string[], key: unknown): number {
  if (typeof key === 'number') {
    return Number.isInteger(key) && key >= 0 && key < options.length ? key : -1;
  }
  const t = keyText(key);
  if (t === '') return -1;
  // Text first: an option whose own text is "2" or "B" wins over reading the key as a position.
  const exact = options.findIndex((o) => o.trim() === t);
  if (exact >= 0) return exact;
  const folded = foldText(t);
  const loose = options.findIndex((o) => foldText(o) === folded);
  if (loose >= 0) return loose;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return n < options.length ? n : -1;
  }
  if (/^[A-Da-d]$/.test(t)) {
    const n = t.toUpperCase().charCodeAt(0) - 65;
    return n < options.length ? n : -1;
  }
  return -1;
}

function parseDifficulty(raw: unknown): { ok: true; value: number } | { ok: false; reason: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: DEFAULT_DIFFICULTY };
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    const s = raw.trim().toLowerCase();
    const named: Record<string, number> = { easy: 1, medium: 2, hard: 3 };
    if (s in named) n = named[s] as number;
    else if (/^-?\d+(\.\d+)?$/.test(s)) n = Number(s);
    else return { ok: false, reason: `difficulty ${JSON.stringify(raw)} is not a number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}` };
  } else {
    return { ok: false, reason: `difficulty must be a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}` };
  }
  if (!Number.isInteger(n) || n < MIN_DIFFICULTY || n > MAX_DIFFICULTY) {
    return { ok: false, reason: `difficulty ${JSON.stringify(raw)} is out of range; it must be a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}` };
  }
  return { ok: true, value: n };
}

function hasDuplicates(options: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const o of options) {
    const f = foldText(o);
    if (seen.has(f)) return o;
    seen.add(f);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Ingest
// ---------------------------------------------------------------------------------------------

/**
 * Turn one uploaded question into the canonical stored form, or explain why it cannot be stored.
 * Reasons start with the (shortened) question text so an admin can find the culprit.
 */
export function normaliseQuestion(raw: unknown): NormaliseResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, reason: 'A question must be an object with question, type, options and correctAnswer' };
  }
  const q = raw as RawQuestion;
  const text = typeof q.question === 'string' ? q.question.trim() : '';
  if (text === '') return { ok: false, reason: 'Question text is empty' };
  const fail = (why: string): NormaliseResult => ({ ok: false, reason: `Question "${preview(text)}": ${why}` });

  const type = normaliseType(q.type);
  if (!type) {
    const given = q.type === undefined ? 'missing' : JSON.stringify(q.type);
    return fail(`type ${given} is not one of ${QUESTION_TYPES.join(', ')} (multiple-choice is also accepted)`);
  }

  const parsed = parseOptions(q.options);
  if (!parsed.ok) return fail(parsed.reason);

  const difficulty = parseDifficulty(q.difficulty);
  if (!difficulty.ok) return fail(difficulty.reason);

  let explanation = '';
  if (typeof q.explanation === 'string') explanation = q.explanation.trim();
  else if (q.explanation !== undefined && q.explanation !== null) return fail('explanation must be text');

  let figureReference: string | null = null;
  if (typeof q.figureReference === 'string') figureReference = q.figureReference.trim() || null;
  else if (q.figureReference !== undefined && q.figureReference !== null) return fail('figureReference must be text');

  const key = q.correctAnswer;
  if (keyText(key) === '') return fail('correctAnswer is missing or empty');

  const hiText = hindiText(q.hi, type);
  if (!hiText.ok) return fail(hiText.reason);
  const base = { question: text, type, explanation, difficulty: difficulty.value, figureReference };

  if (type === 'short_answer') {
    return { ok: true, question: { ...base, options: [], correctAnswer: keyText(key), ...(hiText.value ? { hi: hiText.value } : {}) } };
  }

  let options = parsed.options;
  if (type === 'true_false') {
    if (options.length === 0) options = [...DEFAULT_TRUE_FALSE_OPTIONS];
    if (options.length !== 2) return fail(`a true_false question needs exactly 2 options, got ${quoteList(options)}`);
  } else if (options.length < 2) {
    return fail(`a multiple_choice question needs at least 2 options, got ${quoteList(options)}`);
  }
  const dup = hasDuplicates(options);
  if (dup !== null) return fail(`option ${JSON.stringify(dup)} appears more than once, so the answer key would be ambiguous`);

  const index = resolveOptionIndex(options, key);
  const correct = index >= 0 ? options[index] : undefined;
  if (correct === undefined) {
    return fail(
      `answer key ${JSON.stringify(key)} matches none of its options ${quoteList(options)} ` +
        `(give the option text, a 0-based index below ${options.length}, or a letter A-${OPTION_LETTERS[Math.min(options.length, 4) - 1]})`,
    );
  }
  if (hiText.value && hiText.value.options.length > 0 && hiText.value.options.length !== options.length) {
    return fail(`hi.options has ${hiText.value.options.length} options but options has ${options.length}; give the Hindi options in the same number and order`);
  }
  const hi = hiText.value && {
    ...hiText.value,
    correctAnswer: type === 'true_false' ? (HINDI_TRUE_FALSE_OPTIONS[index] ?? '') : (hiText.value.options[index] ?? ''),
  };
  return { ok: true, question: { ...base, options, correctAnswer: correct, ...(hi ? { hi } : {}) } };
}

type HindiResult = { ok: true; value: HindiVersion | null } | { ok: false; reason: string };

/** The upload's optional `hi` object, checked for the question's type (its options' count is checked by the caller). */
function hindiText(raw: unknown, type: QuestionType): HindiResult {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'hi must be an object with the Hindi question (and options, correctAnswer, explanation)' };
  const hi = raw as Record<string, unknown>;
  const question = typeof hi.question === 'string' ? hi.question.trim() : '';
  if (question === '') return { ok: false, reason: 'hi.question (the Hindi question text) is missing or empty' };
  if (hi.explanation !== undefined && hi.explanation !== null && typeof hi.explanation !== 'string') return { ok: false, reason: 'hi.explanation must be text' };
  const explanation = typeof hi.explanation === 'string' ? hi.explanation.trim() : '';
  let options: string[] = [];
  if (hi.options !== undefined && hi.options !== null) {
    if (type !== 'multiple_choice') return { ok: false, reason: `hi.options is only for multiple_choice questions (a ${type} question has none in Hindi)` };
    const parsed = parseOptions(hi.options);
    if (!parsed.ok) return { ok: false, reason: `hi.${parsed.reason}` };
    const dup = hasDuplicates(parsed.options.map(foldDevanagari));
    if (dup !== null) return { ok: false, reason: `hi.options: option ${JSON.stringify(dup)} appears more than once` };
    options = parsed.options;
  }
  let correctAnswer = '';
  if (hi.correctAnswer !== undefined && hi.correctAnswer !== null) {
    if (type !== 'short_answer') {
      return { ok: false, reason: 'hi.correctAnswer is only for short_answer questions (for the others the Hindi answer is the Hindi option at the correct option\'s position)' };
    }
    correctAnswer = keyText(hi.correctAnswer);
  }
  return { ok: true, value: { question, options, correctAnswer, explanation } };
}

// ---------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------

/**
 * The option index a learner's answer designates (option text, digit index, letter A-D,
 * true/false, or a numeric index), or -1. Always -1 for short_answer questions.
 */
export function answerIndex(question: GradableQuestion, answer: AnswerValue): number {
  if (normaliseType(question.type) === 'short_answer') return -1;
  const index = resolveOptionIndex(questionOptions(question), answer);
  return index >= 0 ? index : hindiOptionIndex(question, answer);
}

/**
 * The option a Hindi option text designates (its English twin's index), or -1: only by text, never as a position.
 * A true_false question's Hindi options are सही / गलत.
 */
function hindiOptionIndex(question: GradableQuestion, answer: AnswerValue): number {
  if (typeof answer !== 'string') return -1;
  const parsed = parseOptions(question.hi?.options);
  const hindi = parsed.ok && parsed.options.length > 0
    ? parsed.options
    : normaliseType(question.type) === 'true_false' ? HINDI_TRUE_FALSE_OPTIONS : [];
  if (hindi.length !== questionOptions(question).length) return -1;
  const given = foldText(foldDevanagari(answer));
  return hindi.findIndex((o) => foldText(foldDevanagari(o)) === given);
}

/** The index of the correct option (works for canonical and legacy keys), or -1. */
export function correctOptionIndex(question: GradableQuestion): number {
  if (normaliseType(question.type) === 'short_answer') return -1;
  return resolveOptionIndex(questionOptions(question), question.correctAnswer);
}

/**
 * Spec §5 correctness. For choice questions both the stored key and the answer are resolved to
 * an option (digit → index, letter A-D → position, otherwise text; true/false case-insensitive),
 * so canonical and legacy keys score identically; a bilingual question's Hindi option text designates its English
 * twin. Short answers (against the English key or the Hindi one) compare trimmed text,
 * case-insensitively, with inner whitespace collapsed and formulas in their plain form (foldAnswer). An empty answer is never correct.
 */
export function isAnswerCorrect(question: GradableQuestion, answer: AnswerValue): boolean {
  const given = keyText(answer);
  if (given === '') return false;
  const expected = keyText(question.correctAnswer);
  if (normaliseType(question.type) === 'short_answer') {
    // Either language's answer is accepted: the English key, or the Hindi one of a bilingual question.
    const hindi = keyText(question.hi?.correctAnswer);
    return [expected, hindi].some((key) => key !== '' && foldAnswer(given) === foldAnswer(key));
  }
  const options = questionOptions(question);
  const keyIndex = resolveOptionIndex(options, question.correctAnswer);
  if (keyIndex >= 0) return answerIndex(question, answer) === keyIndex;
  // Legacy data whose key points at no option: plain text equality is the only meaning left.
  return expected !== '' && typeof answer !== 'number' && foldText(given) === foldText(expected);
}

/** "A", "B", ... for an option index (for answer details); "" when out of A-D. */
export function letterForIndex(index: number): string {
  return OPTION_LETTERS[index] ?? '';
}

export { percentage, ratingFor, type ResultRating } from './rating';
