import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestTree, pointerToPath, questionHash } from '../../src/domain/ingest';
import { isNearDuplicate } from '../../src/domain/review';
import { chapterFileName } from '../../src/domain/slug';
import { DEFAULT_SEED_DIR } from '../../src/publishing/seed';

const tree = (questions: unknown[], extra: Record<string, unknown> = {}) => ({
  className: 'CBSE Class 12',
  subjects: [{ name: 'Biology', chapters: [{ name: 'Evolution', number: 6, topics: [{ name: 'Origin of Life', description: 'How life began', questions }] }] }],
  ...extra,
});
const mcq = (correctAnswer: unknown, more: Record<string, unknown> = {}) => ({
  question: 'Which gas was absent from the early atmosphere?', type: 'multiple_choice',
  options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], correctAnswer, explanation: 'Free oxygen came later.', ...more,
});

describe('ingest normalises every question with @lp/question-rules', () => {
  it('turns every accepted answer form into the canonical option text', () => {
    for (const key of ['Oxygen', 'oxygen', '2', 2, 'C', 'c']) {
      const result = ingestTree(tree([mcq(key)]));
      expect(result.ok, `key ${JSON.stringify(key)}`).toBe(true);
      if (result.ok) expect(result.tree.subjects[0]!.chapters[0]!.topics[0]!.questions[0]!.correctAnswer).toBe('Oxygen');
    }
  });

  it('accepts the multiple-choice spelling, options as a JSON string, boolean true/false keys and default difficulty', () => {
    const result = ingestTree(tree([
      mcq('B', { type: 'multiple-choice', options: JSON.stringify(['Methane', 'Ammonia', 'Oxygen', 'Hydrogen']) }),
      { question: 'Urey and Miller used electric sparks.', type: 'true_false', correctAnswer: true, explanation: 'They simulated lightning.' },
      { question: 'Who proposed natural selection?', type: 'short_answer', correctAnswer: ' Darwin ', difficulty: 3 },
    ]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [a, b, c] = result.tree.subjects[0]!.chapters[0]!.topics[0]!.questions;
    expect(a).toMatchObject({ type: 'multiple_choice', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], correctAnswer: 'Ammonia', difficulty: 1 });
    expect(b).toMatchObject({ type: 'true_false', options: ['True', 'False'], correctAnswer: 'True' });
    expect(c).toMatchObject({ type: 'short_answer', options: [], correctAnswer: 'Darwin', difficulty: 3, explanation: '' });
    expect(result.questionCount).toBe(3);
  });

  it('rejects a key that matches no option, with its position and a clear reason', () => {
    const result = ingestTree(tree([mcq('Oxygen'), mcq('E')]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rejections).toEqual([{
      path: 'subjects[0].chapters[0].topics[0].questions[1]',
      reason: expect.stringMatching(/^Biology › Evolution › Origin of Life, question 2: .*answer key "E" matches none of its options/),
    }]);
  });

  it('reports all problems of an upload at once, not only the first', () => {
    const bad = {
      className: 'CBSE Class 12',
      subjects: [{
        name: 'Biology',
        chapters: [
          { name: 'Evolution', topics: [{ name: 'T1', questions: [mcq('Z'), mcq('Oxygen', { question: 'Another?' }), { question: 'Q', type: 'essay', correctAnswer: 'x' }] }] },
          { name: '', topics: [{ name: 'T2', questions: [mcq(9)] }] },
          { name: 'Evolution', topics: [{ name: 'T3', questions: [mcq('Oxygen', { difficulty: 9 })] }] },
        ],
      }],
    };
    const result = ingestTree(bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.rejections.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining([
      'subjects[0].chapters[0].topics[0].questions[0]',
      'subjects[0].chapters[0].topics[0].questions[2]',
      'subjects[0].chapters[1].name',
      'subjects[0].chapters[1].topics[0].questions[0]',
      'subjects[0].chapters[2].name',
      'subjects[0].chapters[2].topics[0].questions[0]',
    ]));
    expect(paths).not.toContain('subjects[0].chapters[0].topics[0].questions[1]');
    expect(result.rejections.find((r) => r.path === 'subjects[0].chapters[0].topics[0].questions[2]')!.reason).toMatch(/type "essay" is not one of/);
    expect(result.rejections.find((r) => r.path === 'subjects[0].chapters[2].name')!.reason).toMatch(/Chapter "Evolution" appears more than once/);
    expect(result.rejections.find((r) => r.path === 'subjects[0].chapters[2].topics[0].questions[0]')!.reason).toMatch(/difficulty/);
  });

  it('rejects a tree of the wrong shape with the place of each problem', () => {
    const result = ingestTree({ className: 'CBSE Class 9', subjects: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.rejections.map((r) => r.path)).toEqual(expect.arrayContaining(['className', 'subjects']));
    expect(ingestTree('not a tree').ok).toBe(false);
  });

  it('stores an identical question given twice in one topic once', () => {
    const result = ingestTree(tree([mcq('Oxygen'), mcq('C', { explanation: 'same question again' })]));
    expect(result.ok && result.questionCount).toBe(1);
    expect(result.ok && result.duplicatesSkipped).toBe(1);
  });

  it('identifies a question by its text, type and options, not by its key or explanation', () => {
    const base = { question: 'Q?', type: 'multiple_choice' as const, options: ['a', 'b'] };
    expect(questionHash(base)).toBe(questionHash({ ...base, question: '  q? ' }));
    expect(questionHash(base)).not.toBe(questionHash({ ...base, options: ['a', 'c'] }));
  });

  it('maps JSON pointers to readable paths', () => {
    expect(pointerToPath('/subjects/0/chapters/12/name')).toBe('subjects[0].chapters[12].name');
    expect(pointerToPath('')).toBe('');
  });
});

describe('the demo bank in svc-content/seed', () => {
  const files = readdirSync(DEFAULT_SEED_DIR).filter((f) => f.endsWith('.json') && f !== 'catalogue.json');

  it('ingests whole, every file, and each file is named as its chapter downloads', () => {
    expect(files.length).toBe(32);
    let total = 0;
    for (const file of files) {
      const result = ingestTree(JSON.parse(readFileSync(join(DEFAULT_SEED_DIR, file), 'utf8')));
      expect(result.ok ? [] : result.rejections, file).toEqual([]);
      if (!result.ok) continue;
      total += result.questionCount;
      const subject = result.tree.subjects[0]!;
      const chapter = subject.chapters[0]!;
      expect(chapterFileName({ className: result.tree.className, subjectName: subject.name, chapterName: chapter.name, number: chapter.number })).toBe(file);
    }
    expect(total).toBe(807);
  });

  it('holds no near-duplicates within a chapter (the rule generated questions are reviewed by)', () => {
    const nearDuplicates = files.flatMap((file) => {
      const chapter = JSON.parse(readFileSync(join(DEFAULT_SEED_DIR, file), 'utf8')).subjects[0].chapters[0];
      const texts: string[] = chapter.topics.flatMap((t: { questions: { question: string }[] }) => t.questions.map((q) => q.question));
      return texts.flatMap((a, i) => texts.slice(i + 1).filter((b) => isNearDuplicate(a, b)).map((b) => `${file}: "${a}" ~ "${b}"`));
    });
    expect(nearDuplicates).toEqual([]);
  });
});
