/**
 * Issue 30 §1: the question count of every chapter of a completed subject, and its mix of types and
 * difficulties (mostly multiple choice, ≥ 4 true/false, ≥ 3 short answers, difficulties 1, 2 and 3).
 * One row per subject in EXPECTED_COUNTS (catalogue chapter order); a subject's content engineer adds its row.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseQuestion, type NormalisedQuestion } from '../src/index.ts';

const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../svc-content/seed');

/** Questions per chapter, in catalogue order, keyed "className|subject". */
const EXPECTED_COUNTS: Record<string, number[]> = {
  'CBSE Class 12|Chemistry': [27, 28, 28, 28, 30, 29, 28, 30, 28, 30],
};

interface CatalogueSubject { className: string; name: string; chapters: { number: number; name: string; file: string | null }[] }
interface ChapterFile { subjects: { chapters: { topics: { questions: unknown[] }[] }[] }[] }

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8')) as T;
const catalogue = readJson<{ subjects: CatalogueSubject[] }>('catalogue.json');

/** A chapter file's questions in canonical form; one that does not normalise fails the test. */
function questionsOf(file: string | null): NormalisedQuestion[] {
  if (!file) return [];
  return readJson<ChapterFile>(file).subjects[0]!.chapters[0]!.topics.flatMap((t) =>
    t.questions.map((raw) => {
      const r = normaliseQuestion(raw);
      if (!r.ok) throw new Error(`${file}: ${r.reason}`);
      return r.question;
    }),
  );
}

describe.each(Object.entries(EXPECTED_COUNTS))('seed content of %s', (key, expected) => {
  const subject = catalogue.subjects.find((s) => `${s.className}|${s.name}` === key)!;
  const chapters = subject.chapters.map((c) => ({ name: `${c.number}. ${c.name}`, questions: questionsOf(c.file) }));

  it('has the expected number of questions in every chapter', () => {
    expect(chapters.map((c) => c.questions.length)).toEqual(expected);
  });

  it('mixes mostly multiple choice with ≥ 4 true/false and ≥ 3 short answers, at difficulties 1, 2 and 3, in every chapter', () => {
    for (const { name, questions } of chapters) {
      const ofType = (type: string) => questions.filter((q) => q.type === type).length;
      expect(ofType('multiple_choice'), name).toBeGreaterThan(questions.length / 2);
      expect(ofType('true_false'), name).toBeGreaterThanOrEqual(4);
      expect(ofType('short_answer'), name).toBeGreaterThanOrEqual(3);
      expect([...new Set(questions.map((q) => q.difficulty))].sort(), name).toEqual([1, 2, 3]);
    }
  });
});
