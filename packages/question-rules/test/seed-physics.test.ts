/**
 * Issue 30 §1: every chapter of the Class XII Physics syllabus (NCERT 2025-26, 14 chapters) has a
 * seed file with topics and at least 25 questions mixing multiple choice, true/false and short answer.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseQuestion, type NormalisedQuestion } from '../src/index.ts';

const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../svc-content/seed');

interface CatalogueChapter {
  number: number;
  name: string;
  file: string | null;
}
interface ChapterFile {
  subjects: { chapters: { topics: { name: string; questions: unknown[] }[] }[] }[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8')) as T;
const physics = readJson<{ subjects: { className: string; name: string; chapters: CatalogueChapter[] }[] }>('catalogue.json')
  .subjects.find((s) => s.className === 'CBSE Class 12' && s.name === 'Physics')!;

/** A chapter's topics with their questions in canonical form (a question that fails to normalise fails the test). */
function topicsOf(chapter: CatalogueChapter): { name: string; questions: NormalisedQuestion[] }[] {
  if (!chapter.file) return [];
  return readJson<ChapterFile>(chapter.file).subjects[0]!.chapters[0]!.topics.map((t) => ({
    name: t.name,
    questions: t.questions.map((raw) => {
      const r = normaliseQuestion(raw);
      if (!r.ok) throw new Error(`${chapter.file}: ${r.reason}`);
      return r.question;
    }),
  }));
}

// Questions per chapter, in catalogue order (chapters 1-14).
const EXPECTED_COUNTS = [26, 26, 26, 28, 27, 27, 27, 27, 28, 27, 27, 27, 26, 27];

describe('Class XII Physics seed content', () => {
  it('has the expected number of questions in each of its 14 chapters', () => {
    const counts = physics.chapters.map((c) => topicsOf(c).reduce((n, t) => n + t.questions.length, 0));
    expect(counts).toEqual(EXPECTED_COUNTS);
  });

  it('gives every chapter 2 or more topics and a mix of mostly multiple choice, ≥ 4 true/false and ≥ 3 short answers', () => {
    for (const chapter of physics.chapters) {
      const topics = topicsOf(chapter);
      expect(topics.length, chapter.name).toBeGreaterThanOrEqual(2);
      const questions = topics.flatMap((t) => t.questions);
      const ofType = (type: string) => questions.filter((q) => q.type === type).length;
      expect(ofType('multiple_choice'), chapter.name).toBeGreaterThan(questions.length / 2);
      expect(ofType('true_false'), chapter.name).toBeGreaterThanOrEqual(4);
      expect(ofType('short_answer'), chapter.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses all three difficulty levels in every chapter', () => {
    for (const chapter of physics.chapters) {
      const levels = new Set(topicsOf(chapter).flatMap((t) => t.questions.map((q) => q.difficulty)));
      expect([...levels].sort(), chapter.name).toEqual([1, 2, 3]);
    }
  });
});
