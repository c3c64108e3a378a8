import { describe, expect, it } from 'vitest';
import {
  answerIndex,
  correctOptionIndex,
  isAnswerCorrect,
  letterForIndex,
  normaliseQuestion,
  normaliseType,
  parseOptions,
  resolveOptionIndex,
  type NormalisedQuestion,
  type RawQuestion,
} from '../src/index.ts';

const OPTS = ['Mitochondria', 'Ribosome', 'Golgi body', 'Nucleus'];
const mcq = (over: RawQuestion = {}): RawQuestion => ({
  question: 'Which organelle is the site of protein synthesis?',
  type: 'multiple_choice',
  options: OPTS,
  correctAnswer: 'Ribosome',
  explanation: 'Ribosomes translate mRNA.',
  difficulty: 2,
  ...over,
});

function ok(raw: unknown): NormalisedQuestion {
  const r = normaliseQuestion(raw);
  if (!r.ok) throw new Error(`expected ok, got: ${r.reason}`);
  return r.question;
}
function reason(raw: unknown): string {
  const r = normaliseQuestion(raw);
  if (r.ok) throw new Error('expected a rejection');
  return r.reason;
}

describe('normaliseType', () => {
  it('maps the hyphen form and tolerates case and spaces', () => {
    expect(normaliseType('multiple-choice')).toBe('multiple_choice');
    expect(normaliseType('Multiple Choice')).toBe('multiple_choice');
    expect(normaliseType('true_false')).toBe('true_false');
    expect(normaliseType('true/false')).toBe('true_false');
    expect(normaliseType(' short_answer ')).toBe('short_answer');
    expect(normaliseType('essay')).toBeNull();
    expect(normaliseType(3)).toBeNull();
  });
});

describe('parseOptions', () => {
  it('accepts arrays and JSON-string arrays, trims, stringifies primitives', () => {
    expect(parseOptions([' a ', 'b'])).toEqual({ ok: true, options: ['a', 'b'] });
    expect(parseOptions('["x", "y", 3]')).toEqual({ ok: true, options: ['x', 'y', '3'] });
    expect(parseOptions(undefined)).toEqual({ ok: true, options: [] });
    expect(parseOptions('')).toEqual({ ok: true, options: [] });
  });
  it('rejects unusable options with a reason', () => {
    expect(parseOptions('not json').ok).toBe(false);
    expect(parseOptions('{"a":1}').ok).toBe(false);
    expect(parseOptions(['a', '  '])).toEqual({ ok: false, reason: 'option 2 is empty' });
    expect(parseOptions([{}]).ok).toBe(false);
    expect(parseOptions(5).ok).toBe(false);
  });
});

describe('normaliseQuestion — answer forms become the option text', () => {
  it('option text, exact', () => {
    expect(ok(mcq()).correctAnswer).toBe('Ribosome');
  });
  it('option text, trimmed and case-insensitive → stored with the option’s exact spelling', () => {
    expect(ok(mcq({ correctAnswer: '  golgi BODY ' })).correctAnswer).toBe('Golgi body');
  });
  it('digit index as a string (0-based)', () => {
    expect(ok(mcq({ correctAnswer: '1' })).correctAnswer).toBe('Ribosome');
    expect(ok(mcq({ correctAnswer: '0' })).correctAnswer).toBe('Mitochondria');
    expect(ok(mcq({ correctAnswer: ' 3 ' })).correctAnswer).toBe('Nucleus');
  });
  it('digit index as a number (0-based)', () => {
    expect(ok(mcq({ correctAnswer: 2 })).correctAnswer).toBe('Golgi body');
    expect(ok(mcq({ correctAnswer: 0 })).correctAnswer).toBe('Mitochondria');
  });
  it('letter A-D, upper and lower case', () => {
    expect(ok(mcq({ correctAnswer: 'B' })).correctAnswer).toBe('Ribosome');
    expect(ok(mcq({ correctAnswer: 'd' })).correctAnswer).toBe('Nucleus');
    expect(ok(mcq({ correctAnswer: 'a' })).correctAnswer).toBe('Mitochondria');
  });
  it('true/false as booleans and as strings', () => {
    const tf = (correctAnswer: unknown, options?: unknown) =>
      ok({ question: 'DNA is double stranded.', type: 'true_false', correctAnswer, options }).correctAnswer;
    expect(tf(true)).toBe('True');
    expect(tf(false)).toBe('False');
    expect(tf('true')).toBe('True');
    expect(tf('FALSE')).toBe('False');
    expect(tf(' True ')).toBe('True');
    expect(tf('0')).toBe('True');
    expect(tf('B')).toBe('False');
    expect(tf(true, '["True","False"]')).toBe('True');
  });
  it('true_false options default to ["True","False"]', () => {
    const q = ok({ question: 'Water boils at 100 °C at sea level.', type: 'true_false', correctAnswer: true });
    expect(q.options).toEqual(['True', 'False']);
    expect(ok({ question: 'x', type: 'true_false', options: [], correctAnswer: 'false' }).options).toEqual(['True', 'False']);
  });
  it('options given as a JSON string become an array', () => {
    const q = ok(mcq({ options: JSON.stringify(OPTS), correctAnswer: 'C' }));
    expect(q.options).toEqual(OPTS);
    expect(q.correctAnswer).toBe('Golgi body');
  });
  it('the multiple-choice hyphen type becomes multiple_choice', () => {
    expect(ok(mcq({ type: 'multiple-choice' })).type).toBe('multiple_choice');
  });
});

describe('normaliseQuestion — digit ambiguity', () => {
  // Options whose texts are digits: a digit key means the option with that text, not the index.
  const digits = { question: 'How many ATP ...?', type: 'multiple_choice', options: ['1', '2', '3', '4'] };
  it('a digit string that equals an option’s text is that option (text wins over index)', () => {
    expect(ok({ ...digits, correctAnswer: '2' }).correctAnswer).toBe('2');
    expect(ok({ ...digits, correctAnswer: '4' }).correctAnswer).toBe('4');
  });
  it('a digit string that is no option text is still an index', () => {
    expect(ok({ ...digits, correctAnswer: '0' }).correctAnswer).toBe('1');
  });
  it('a JS number is always an index (typed intent)', () => {
    expect(ok({ ...digits, correctAnswer: 2 }).correctAnswer).toBe('3');
  });
  it('a letter that is itself an option’s text wins over the position', () => {
    const q = ok({ question: 'Which is a vowel?', type: 'multiple_choice', options: ['B', 'C', 'A', 'D'], correctAnswer: 'A' });
    expect(q.correctAnswer).toBe('A');
  });
});

describe('normaliseQuestion — rejections with clear reasons', () => {
  it('answer key matching none of the options names the key and the options', () => {
    const r = reason(mcq({ correctAnswer: 'Lysosome' }));
    expect(r).toContain('"Lysosome"');
    expect(r).toContain('matches none of its options');
    expect(r).toContain('"Mitochondria", "Ribosome", "Golgi body", "Nucleus"');
    expect(r).toContain('Which organelle');
  });
  it('out-of-range index, as string and as number', () => {
    expect(reason(mcq({ correctAnswer: '4' }))).toContain('matches none');
    expect(reason(mcq({ correctAnswer: 7 }))).toContain('matches none');
    expect(reason(mcq({ correctAnswer: -1 }))).toContain('matches none');
    expect(reason(mcq({ correctAnswer: 1.5 }))).toContain('matches none');
  });
  it('a letter beyond the options', () => {
    expect(reason(mcq({ options: ['yes', 'no'], correctAnswer: 'C' }))).toContain('matches none');
    expect(reason(mcq({ correctAnswer: 'E' }))).toContain('matches none');
  });
  it('true_false key that is neither option', () => {
    expect(reason({ question: 'x', type: 'true_false', correctAnswer: 'maybe' })).toContain('"maybe"');
  });
  it('missing answer key', () => {
    expect(reason(mcq({ correctAnswer: undefined }))).toContain('correctAnswer is missing');
    expect(reason(mcq({ correctAnswer: '  ' }))).toContain('correctAnswer is missing');
  });
  it('empty question text', () => {
    expect(reason(mcq({ question: '   ' }))).toBe('Question text is empty');
    expect(reason(mcq({ question: undefined }))).toBe('Question text is empty');
  });
  it('unknown or missing type', () => {
    expect(reason(mcq({ type: 'essay' }))).toContain('"essay" is not one of multiple_choice, true_false, short_answer');
    expect(reason(mcq({ type: undefined }))).toContain('type missing');
  });
  it('too few or duplicate options', () => {
    expect(reason(mcq({ options: ['only'] }))).toContain('at least 2 options');
    expect(reason(mcq({ options: ['Ribosome', 'ribosome ', 'x'] }))).toContain('more than once');
    expect(reason({ question: 'x', type: 'true_false', options: ['True', 'False', 'Maybe'], correctAnswer: true })).toContain('exactly 2');
  });
  it('malformed options JSON', () => {
    expect(reason(mcq({ options: '["a", "b"' }))).toContain('not valid JSON');
  });
  it('non-object input', () => {
    expect(normaliseQuestion(null).ok).toBe(false);
    expect(normaliseQuestion('q').ok).toBe(false);
    expect(normaliseQuestion([]).ok).toBe(false);
  });
});

describe('normaliseQuestion — difficulty, explanation, figure, short answers', () => {
  it('difficulty defaults to 1 and accepts integers 1-5 (numbers, digit strings, easy/medium/hard)', () => {
    expect(ok(mcq({ difficulty: undefined })).difficulty).toBe(1);
    expect(ok(mcq({ difficulty: null })).difficulty).toBe(1);
    expect(ok(mcq({ difficulty: 1 })).difficulty).toBe(1);
    expect(ok(mcq({ difficulty: 5 })).difficulty).toBe(5);
    expect(ok(mcq({ difficulty: '3' })).difficulty).toBe(3);
    expect(ok(mcq({ difficulty: 'hard' })).difficulty).toBe(3);
    expect(ok(mcq({ difficulty: 'Medium' })).difficulty).toBe(2);
  });
  it('difficulty out of range or not whole is rejected', () => {
    expect(reason(mcq({ difficulty: 0 }))).toContain('out of range');
    expect(reason(mcq({ difficulty: 6 }))).toContain('out of range');
    expect(reason(mcq({ difficulty: 2.5 }))).toContain('out of range');
    expect(reason(mcq({ difficulty: 'extreme' }))).toContain('difficulty');
    expect(reason(mcq({ difficulty: true }))).toContain('difficulty');
  });
  it('explanation is trimmed and defaults to ""', () => {
    expect(ok(mcq({ explanation: '  Because.  ' })).explanation).toBe('Because.');
    expect(ok(mcq({ explanation: undefined })).explanation).toBe('');
    expect(reason(mcq({ explanation: 42 }))).toContain('explanation');
  });
  it('figureReference is kept trimmed, or null', () => {
    expect(ok(mcq({ figureReference: ' Fig 1.2 ' })).figureReference).toBe('Fig 1.2');
    expect(ok(mcq()).figureReference).toBeNull();
  });
  it('short answers keep the trimmed answer text and no options', () => {
    const q = ok({ question: 'Name the male gamete-bearing structure of pollen.', type: 'short_answer', correctAnswer: '  Generative cell ', options: ['x'] });
    expect(q).toEqual({
      question: 'Name the male gamete-bearing structure of pollen.',
      type: 'short_answer',
      options: [],
      correctAnswer: 'Generative cell',
      explanation: '',
      difficulty: 1,
      figureReference: null,
    });
    expect(ok({ question: 'How many chromosomes in a human gamete?', type: 'short_answer', correctAnswer: 23 }).correctAnswer).toBe('23');
  });
  it('the question text is trimmed; the result is the full canonical shape', () => {
    expect(ok(mcq({ question: '  Q?  ', correctAnswer: 'b' }))).toEqual({
      question: 'Q?',
      type: 'multiple_choice',
      options: OPTS,
      correctAnswer: 'Ribosome',
      explanation: 'Ribosomes translate mRNA.',
      difficulty: 2,
      figureReference: null,
    });
  });
  it('is idempotent: normalising a canonical question changes nothing', () => {
    const once = ok(mcq({ correctAnswer: 'C', options: JSON.stringify(OPTS), type: 'multiple-choice' }));
    expect(ok(once)).toEqual(once);
  });
});

describe('isAnswerCorrect — canonical stored questions', () => {
  const q = ok(mcq()); // correctAnswer "Ribosome", index 1
  it('accepts every form that designates the right option', () => {
    for (const a of ['Ribosome', ' ribosome ', 'RIBOSOME', '1', 1, 'B', 'b']) {
      expect(isAnswerCorrect(q, a), String(a)).toBe(true);
    }
  });
  it('rejects every form that designates another option or none', () => {
    for (const a of ['Nucleus', '0', 0, 'A', 'c', '9', 9, 'E', '', '   ', 'Ribosomes', true]) {
      expect(isAnswerCorrect(q, a), String(a)).toBe(false);
    }
  });
  it('true_false: booleans and strings compare case-insensitively', () => {
    const tf = ok({ question: 'Meiosis halves the chromosome number.', type: 'true_false', correctAnswer: true });
    expect(isAnswerCorrect(tf, true)).toBe(true);
    expect(isAnswerCorrect(tf, 'true')).toBe(true);
    expect(isAnswerCorrect(tf, 'TRUE')).toBe(true);
    expect(isAnswerCorrect(tf, 'True')).toBe(true);
    expect(isAnswerCorrect(tf, 0)).toBe(true);
    expect(isAnswerCorrect(tf, 'A')).toBe(true);
    expect(isAnswerCorrect(tf, false)).toBe(false);
    expect(isAnswerCorrect(tf, 'False')).toBe(false);
    expect(isAnswerCorrect(tf, 1)).toBe(false);
  });
  it('short_answer: trimmed, case-insensitive, whitespace-collapsed text equality', () => {
    const sa = ok({ question: 'Name the process ...', type: 'short_answer', correctAnswer: 'Double fertilisation' });
    expect(isAnswerCorrect(sa, 'double   fertilisation ')).toBe(true);
    expect(isAnswerCorrect(sa, 'Double Fertilisation')).toBe(true);
    expect(isAnswerCorrect(sa, 'fertilisation')).toBe(false);
    expect(isAnswerCorrect(sa, '')).toBe(false);
    const num = ok({ question: 'n?', type: 'short_answer', correctAnswer: '23' });
    expect(isAnswerCorrect(num, 23)).toBe(true);
    expect(isAnswerCorrect(num, ' 23')).toBe(true);
  });
  it('digit-text options: text wins for strings, numbers are indices', () => {
    const d = ok({ question: 'How many?', type: 'multiple_choice', options: ['1', '2', '3', '4'], correctAnswer: '2' });
    expect(isAnswerCorrect(d, '2')).toBe(true);
    expect(isAnswerCorrect(d, 1)).toBe(true); // index 1 is the option "2"
    expect(isAnswerCorrect(d, 2)).toBe(false); // index 2 is the option "3"
    expect(isAnswerCorrect(d, 'B')).toBe(true);
  });
});

describe('isAnswerCorrect — legacy stored forms', () => {
  it('digit-index key with JSON-string options and the hyphen type', () => {
    const legacy = { type: 'multiple-choice', options: JSON.stringify(OPTS), correctAnswer: '2' };
    expect(isAnswerCorrect(legacy, 'Golgi body')).toBe(true);
    expect(isAnswerCorrect(legacy, 2)).toBe(true);
    expect(isAnswerCorrect(legacy, 'C')).toBe(true);
    expect(isAnswerCorrect(legacy, 'Ribosome')).toBe(false);
  });
  it('numeric key', () => {
    const legacy = { type: 'multiple_choice', options: OPTS, correctAnswer: 3 };
    expect(isAnswerCorrect(legacy, 'Nucleus')).toBe(true);
    expect(isAnswerCorrect(legacy, 'd')).toBe(true);
    expect(isAnswerCorrect(legacy, 'Mitochondria')).toBe(false);
  });
  it('letter key, lower case', () => {
    const legacy = { type: 'multiple_choice', options: OPTS, correctAnswer: 'a' };
    expect(isAnswerCorrect(legacy, 'Mitochondria')).toBe(true);
    expect(isAnswerCorrect(legacy, 0)).toBe(true);
  });
  it('boolean key with no options on a true_false question', () => {
    const legacy = { type: 'true_false', options: null, correctAnswer: false };
    expect(isAnswerCorrect(legacy, 'False')).toBe(true);
    expect(isAnswerCorrect(legacy, 'false')).toBe(true);
    expect(isAnswerCorrect(legacy, false)).toBe(true);
    expect(isAnswerCorrect(legacy, 1)).toBe(true);
    expect(isAnswerCorrect(legacy, true)).toBe(false);
  });
  it('a key that resolves to no option falls back to text equality', () => {
    const broken = { type: 'multiple_choice', options: 'garbage', correctAnswer: 'Osmosis' };
    expect(isAnswerCorrect(broken, 'osmosis')).toBe(true);
    expect(isAnswerCorrect(broken, 'diffusion')).toBe(false);
    expect(isAnswerCorrect(broken, 0)).toBe(false);
  });
});

describe('answerIndex / correctOptionIndex / resolveOptionIndex', () => {
  const q = ok(mcq({ correctAnswer: 'Golgi body' }));
  it('maps each answer form to an option index, -1 when none', () => {
    expect(answerIndex(q, 2)).toBe(2);
    expect(answerIndex(q, '2')).toBe(2);
    expect(answerIndex(q, 'C')).toBe(2);
    expect(answerIndex(q, 'golgi body')).toBe(2);
    expect(answerIndex(q, 4)).toBe(-1);
    expect(answerIndex(q, 'E')).toBe(-1);
    expect(answerIndex(q, 'Lysosome')).toBe(-1);
    expect(answerIndex(q, '')).toBe(-1);
  });
  it('short answers have no option index', () => {
    const sa = { type: 'short_answer', options: [], correctAnswer: 'x' };
    expect(answerIndex(sa, 'x')).toBe(-1);
    expect(correctOptionIndex(sa)).toBe(-1);
  });
  it('correctOptionIndex works on canonical and legacy keys', () => {
    expect(correctOptionIndex(q)).toBe(2);
    expect(correctOptionIndex({ type: 'multiple-choice', options: JSON.stringify(OPTS), correctAnswer: 'd' })).toBe(3);
    expect(correctOptionIndex({ type: 'true_false', correctAnswer: 'true' })).toBe(0);
    expect(correctOptionIndex({ type: 'multiple_choice', options: OPTS, correctAnswer: 'none' })).toBe(-1);
  });
  it('resolveOptionIndex order: number index, text, digit, letter', () => {
    const opts = ['1', '2', 'B', 'x'];
    expect(resolveOptionIndex(opts, 0)).toBe(0);
    expect(resolveOptionIndex(opts, '2')).toBe(1);
    expect(resolveOptionIndex(opts, '3')).toBe(3);
    expect(resolveOptionIndex(opts, 'B')).toBe(2);
    expect(resolveOptionIndex(opts, 'b')).toBe(2);
    expect(resolveOptionIndex(opts, 'A')).toBe(0);
    expect(resolveOptionIndex(opts, null)).toBe(-1);
  });
  it('letterForIndex', () => {
    expect(letterForIndex(0)).toBe('A');
    expect(letterForIndex(3)).toBe('D');
    expect(letterForIndex(4)).toBe('');
  });
});
