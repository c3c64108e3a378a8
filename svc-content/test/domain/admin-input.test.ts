import { describe, expect, it } from 'vitest';
import { guidedFormTree, INVALID_JSON, multiFileResult, processedTree, topicsOf } from '../../src/domain/admin-input';

const q = (n: number, extra: Record<string, unknown> = {}) => ({ question: `Q${n}?`, type: 'multiple_choice', options: ['a', 'b', 'c', 'd'], correctAnswer: 'b', ...extra });

describe('admin input → upload tree', () => {
  it('reads the guided form questions in every accepted shape', () => {
    expect(topicsOf([q(1)], 'Ch')).toEqual({ ok: true, topics: [{ name: 'Ch', questions: [q(1)] }] });
    expect(topicsOf([{ name: 'T1', questions: [q(1)] }], 'Ch')).toEqual({ ok: true, topics: [{ name: 'T1', questions: [q(1)] }] });
    expect(topicsOf({ topics: [{ name: 'T1', questions: [q(1)] }] }, 'Ch')).toEqual({ ok: true, topics: [{ name: 'T1', questions: [q(1)] }] });
    expect(topicsOf({ T1: [q(1)], T2: [q(2)] }, 'Ch')).toEqual({ ok: true, topics: [{ name: 'T1', questions: [q(1)] }, { name: 'T2', questions: [q(2)] }] });
    expect(topicsOf('nope', 'Ch').ok).toBe(false);
    expect(topicsOf([], 'Ch').ok).toBe(false);
  });

  it('builds the guided form tree, and names invalid JSON with the spec message', () => {
    const body = { className: 'CBSE Class 10' as const, subjectName: ' Science ', chapterNumber: 3, chapterName: 'Metals', rawQuestions: JSON.stringify([q(1)]) };
    expect(guidedFormTree(body)).toEqual({ ok: true, tree: { className: 'CBSE Class 10', subjects: [{ name: 'Science', chapters: [{ name: 'Metals', number: 3, topics: [{ name: 'Metals', questions: [q(1)] }] }] }] } });
    expect(guidedFormTree({ ...body, rawQuestions: '[{' })).toEqual({ ok: false, reason: INVALID_JSON });
  });

  it('builds the processed multi-file tree', () => {
    expect(processedTree({ className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', topics: { A: [q(1)], B: [q(2)] } } as never).subjects[0]!.chapters[0]!.topics.map((t) => t.name)).toEqual(['A', 'B']);
  });

  it('parses several files with a status each; a file with a bad key is an error naming the question', () => {
    const result = multiFileResult([
      { filename: 'origin.json', content: JSON.stringify({ className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', questions: [q(1), q(2)] }) },
      { filename: 'speciation.JSON', content: JSON.stringify([q(3)]) },
      { filename: 'broken.json', content: '{"questions": [' },
      { filename: 'badkey.json', content: JSON.stringify([q(4, { correctAnswer: 'z' })]) },
    ]);
    if ('error' in result) throw new Error(result.error);
    expect(result).toMatchObject({ className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', totalQuestions: 3 });
    expect(Object.keys(result.topics)).toEqual(['origin', 'speciation']);
    expect(result.files.map((f) => f.status)).toEqual(['parsed', 'parsed', 'error', 'error']);
    expect(result.files[2]!.error).toMatch(/^Invalid JSON/);
    expect(result.files[3]!.error).toContain('Question "Q4?"');
  });

  it('needs one file to name the class, subject and chapter', () => {
    const result = multiFileResult([{ filename: 'a.json', content: JSON.stringify([q(1)]) }]);
    expect('error' in result && result.error).toMatch(/className/);
  });
});
