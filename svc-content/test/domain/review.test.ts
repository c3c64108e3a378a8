import { describe, expect, it } from 'vitest';
import { chunkPages } from '../../src/domain/pdf-chunks';
import { treeOf } from '../../src/generation/pdf-jobs';
import { contentWords, DROP_REASONS, isNearDuplicate, reviewGenerated, seededRandom, shuffle, similarity, type GeneratedQuestion } from '../../src/domain/review';

const [chunk] = chunkPages([
  { page: 3, text: 'The mitochondria is the powerhouse of the cell. It makes energy.' },
  { page: 4, text: 'Plants make food by photosynthesis in chloroplasts.' },
], 10_000);

const good = (n: number, extra: Partial<GeneratedQuestion> = {}): GeneratedQuestion => ({
  topic: 'Cells', question: `Question number ${n} about organelle ${['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'][n]}?`,
  options: [`Right ${n}`, `Wrong ${n}a`, `Wrong ${n}b`, `Wrong ${n}c`], correctAnswer: `Right ${n}`, explanation: 'Because.', page: 3,
  sourceExcerpt: 'The mitochondria is the powerhouse of the cell.', ...extra,
});

const review = (generated: GeneratedQuestion[], more: Partial<Parameters<typeof reviewGenerated>[0]> = {}) =>
  reviewGenerated({ generated: generated.map((question) => ({ chunk: chunk!, question })), existing: [], wanted: 10, difficulty: 2, defaultTopic: 'Chapter', excerptChars: 200, random: seededRandom(7), ...more });

describe('the review of generated questions', () => {
  it('keeps a question whose key is exactly one of its options, with page, excerpt and difficulty', () => {
    const { kept, dropped } = review([good(1)]);
    expect(dropped).toEqual([]);
    expect(kept).toEqual([expect.objectContaining({ topic: 'Cells', correctAnswer: 'Right 1', difficulty: 2, page: 3, excerpt: 'The mitochondria is the powerhouse of the cell.', type: 'multiple_choice' })]);
    expect([...kept[0]!.options].sort()).toEqual(['Right 1', 'Wrong 1a', 'Wrong 1b', 'Wrong 1c']);
  });

  it('drops a key that is no option, a letter or an index for a key, and a malformed question, saying why', () => {
    const { kept, dropped } = review([
      good(1, { correctAnswer: 'None of these' }),
      good(2, { correctAnswer: 'A' }),
      good(3, { correctAnswer: 0 }),
      good(4, { options: ['x', 'y', 'x', 'z'], correctAnswer: 'y' }),
      good(5, { options: ['x', 'y'], correctAnswer: 'y' }),
      { question: '', options: [], correctAnswer: '' },
    ]);
    expect(kept).toEqual([]);
    expect(dropped.map((d) => d.reason)).toEqual([DROP_REASONS.key, DROP_REASONS.key, DROP_REASONS.key, DROP_REASONS.shape, DROP_REASONS.shape, DROP_REASONS.shape]);
  });

  it('shuffles the options after the check, so keys always given first end up spread, and the key still matches', () => {
    const generated = Array.from({ length: 8 }, (_, i) => good(i));
    const { kept } = review(generated);
    expect(kept).toHaveLength(8);
    for (const q of kept) expect(q.options).toContain(q.correctAnswer);
    const positions = new Set(kept.map((q) => q.options.indexOf(q.correctAnswer)));
    expect(positions.size).toBeGreaterThan(1);
  });

  it('keeps the model\'s Hindi version with its options shuffled in step, so each Hindi option stays its English twin', () => {
    const hi = { question: 'कोशिका का ऊर्जा घर कौन-सा है?', options: ['सही 1', 'गलत 1क', 'गलत 1ख', 'गलत 1ग'], explanation: 'क्योंकि।' };
    const generated = Array.from({ length: 6 }, (_, i) => good(i, { hi: { ...hi, options: hi.options.map((o) => `${o}-${i}`) } }));
    const { kept } = review([...generated, good(7, { hi: { ...hi, options: ['एक', 'दो'] } })]);
    for (const [i, q] of kept.slice(0, 6).entries()) {
      expect(q.hi).toMatchObject({ question: hi.question, explanation: 'क्योंकि।' });
      // English option "Right i" sits where Hindi "सही 1-i" sits, wherever the shuffle put them.
      expect(q.options.map((o) => o.replace(/^Right \d+$/, 'R').replace(/^Wrong \d+(.)$/, '$1'))).toEqual(q.hi!.options.map((o) => ({ 'सही 1': 'R', 'गलत 1क': 'a', 'गलत 1ख': 'b', 'गलत 1ग': 'c' })[o.replace(/-\d+$/, '')]));
      expect(q.hi!.options.every((o) => o.endsWith(`-${i}`))).toBe(true);
    }
    expect(new Set(kept.slice(0, 6).map((q) => q.options.indexOf(q.correctAnswer))).size).toBeGreaterThan(1);
    // A Hindi version whose options do not match in number is left out; the English question is kept.
    expect(kept[6]).not.toHaveProperty('hi');
  });

  it('carries the Hindi version into the upload tree the review screen starts from', () => {
    const { kept } = review([good(1, { hi: { question: 'प्रश्न?', options: ['क', 'ख', 'ग', 'घ'], explanation: '' } })]);
    const fields = { className: 'CBSE Class 12', subjectName: 'Biology', chapterNumber: '1', chapterName: 'Cell', numberOfQuestions: '5', difficulty: 'easy', aiModel: 'openai' } as const;
    const question = treeOf(fields, kept).subjects[0]!.chapters[0]!.topics[0]!.questions[0]!;
    expect(question.hi).toEqual({ question: 'प्रश्न?', options: kept[0]!.hi!.options });
    expect(kept[0]!.options.indexOf('Right 1')).toBe(kept[0]!.hi!.options.indexOf('क'));
  });

  it('drops near-duplicates of each other and of the existing bank', () => {
    const { kept, dropped } = review([
      good(1, { question: 'What is the powerhouse of the cell?' }),
      good(2, { question: 'Which is the powerhouse of the cell ?' }),
      good(3, { question: 'Where does photosynthesis happen in plants?' }),
    ], { existing: ['Where does photosynthesis happen in the plants?'] });
    expect(kept.map((q) => q.question)).toEqual(['What is the powerhouse of the cell?']);
    expect(dropped.map((d) => d.reason)).toEqual([DROP_REASONS.duplicate, DROP_REASONS.existing]);
  });

  it('keeps no more than asked for', () => {
    const { kept, dropped } = review([good(1), good(2), good(3)], { wanted: 2 });
    expect(kept).toHaveLength(2);
    expect(dropped).toEqual([expect.objectContaining({ reason: DROP_REASONS.extra })]);
  });

  it('puts a page outside the chunk on its first page, and finds an excerpt in the text when the model invents one', () => {
    const { kept } = review([good(1, { page: 99, question: 'Where is food made by photosynthesis?', sourceExcerpt: 'made up quote' })]);
    expect(kept[0]!.page).toBe(3);
    const [onPage4] = review([good(1, { page: 4, question: 'Where is food made by photosynthesis?', sourceExcerpt: 'made up quote' })]).kept;
    expect(onPage4!.excerpt).toBe('Plants make food by photosynthesis in chloroplasts.');
  });
});

describe('near-duplicate detection and shuffling', () => {
  it('compares content words, ignoring case, punctuation and small words', () => {
    expect(similarity('What is the powerhouse of the cell?', 'what is THE powerhouse of a cell')).toBe(1);
    expect(isNearDuplicate('Which gas do plants release?', 'Which gas do animals release?')).toBe(false);
  });

  it('a seeded shuffle is a permutation', () => {
    const items = ['a', 'b', 'c', 'd'];
    const out = shuffle(items, seededRandom(1));
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('near-duplicates with science notation', () => {
  it('reads formulas by their plain form, so S_N1 and S_N2 questions stay distinct', () => {
    expect(isNearDuplicate('Which alkyl bromide reacts fastest by the $\\text{S}_\\text{N}1$ mechanism?', 'Which alkyl bromide reacts fastest by the $\\text{S}_\\text{N}2$ mechanism?')).toBe(false);
    expect(contentWords('$6.25 \\times 10^{-18}$ coulomb').has('text')).toBe(false);
  });
});
