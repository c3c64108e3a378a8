/**
 * The demo question bank in svc-content/seed/ must ingest cleanly and meet its coverage rules
 * (issue 4 "Demo question bank"; spec §1 subjects, §9 seven Class XII Biology chapter files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAnswerCorrect, normaliseQuestion, type NormalisedQuestion } from '../src/index.ts';

const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../svc-content/seed');

const AVAILABLE = [
  'CBSE Class 12|Biology',
  'CBSE Class 12|Physics',
  'CBSE Class 12|Chemistry',
  'CBSE Class 10|Science',
  'CBSE Class 10|History & Geography',
  'CBSE Class 10|Economics',
];
const COMING_SOON = ['CBSE Class 11|Biology', 'CBSE Class 11|Physics', 'CBSE Class 11|Chemistry'];

interface UploadTree {
  className: string;
  subjects: { name: string; chapters: { name: string; number: number; topics: { name: string; description: string; questions: unknown[] }[] }[] }[];
}
interface Catalogue {
  classes: string[];
  subjects: {
    className: string;
    name: string;
    comingSoon: boolean;
    chapters: { number: number; name: string; hasQuestions: boolean; file: string | null }[];
  }[];
}
interface Loaded {
  file: string;
  subjectKey: string;
  chapter: string;
  number: number;
  topics: { name: string; description: string; questions: NormalisedQuestion[] }[];
}

const files = readdirSync(SEED_DIR).filter((f) => f.endsWith('.json') && f !== 'catalogue.json').sort();
const catalogue = JSON.parse(readFileSync(join(SEED_DIR, 'catalogue.json'), 'utf8')) as Catalogue;
const failures: string[] = [];
const rawQuestions: { raw: Record<string, unknown>; normalised: NormalisedQuestion }[] = [];
const loaded: Loaded[] = files.map((file) => {
  const tree = JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8')) as UploadTree;
  if (tree.subjects.length !== 1 || tree.subjects[0]!.chapters.length !== 1) failures.push(`${file}: expected exactly one subject with one chapter`);
  const subject = tree.subjects[0]!;
  const chapter = subject.chapters[0]!;
  return {
    file,
    subjectKey: `${tree.className}|${subject.name}`,
    chapter: chapter.name,
    number: chapter.number,
    topics: chapter.topics.map((t) => ({
      name: t.name,
      description: t.description,
      questions: t.questions.flatMap((raw) => {
        const r = normaliseQuestion(raw);
        if (!r.ok) {
          failures.push(`${file}: ${r.reason}`);
          return [];
        }
        rawQuestions.push({ raw: raw as Record<string, unknown>, normalised: r.question });
        return [r.question];
      }),
    })),
  };
});
const all = loaded.flatMap((l) => l.topics.flatMap((t) => t.questions));

describe('demo question bank (svc-content/seed)', () => {
  it('every question normalises', () => {
    expect(failures).toEqual([]);
  });

  it('has at least 330 questions', () => {
    expect(all.length).toBeGreaterThanOrEqual(330);
  });

  it('every available subject has ≥ 3 chapters with ≥ 2 topics of ≥ 10 questions each', () => {
    for (const key of AVAILABLE) {
      const chapters = loaded.filter((l) => l.subjectKey === key);
      expect(chapters.length, key).toBeGreaterThanOrEqual(3);
      for (const c of chapters) {
        expect(c.topics.length, `${c.file} topics`).toBeGreaterThanOrEqual(2);
        for (const t of c.topics) {
          expect(t.questions.length, `${c.file} / ${t.name}`).toBeGreaterThanOrEqual(10);
          expect(t.name.trim(), c.file).not.toBe('');
          expect(t.description.trim(), `${c.file} / ${t.name} description`).not.toBe('');
        }
      }
    }
    expect(new Set(loaded.map((l) => l.subjectKey))).toEqual(new Set(AVAILABLE));
  });

  it('has the seven Class XII Biology download chapters (1-7) with exactly the specification\u2019s counts, 372 in all', () => {
    // Spec §182: "Biology content: 7 chapters, 372 questions (55, 51, 54, 51, 57, 55, 49)".
    const bio = loaded.filter((l) => l.subjectKey === 'CBSE Class 12|Biology' && l.number <= 7);
    expect(bio.map((b) => b.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const counts = bio.map((b) => b.topics.flatMap((t) => t.questions).length);
    expect(counts).toEqual([55, 51, 54, 51, 57, 55, 49]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(372);
  });

  it('uses all three question types, mostly multiple choice', () => {
    const count = (type: string) => all.filter((q) => q.type === type).length;
    expect(count('multiple_choice')).toBeGreaterThan(all.length / 2);
    expect(count('true_false')).toBeGreaterThan(0);
    expect(count('short_answer')).toBeGreaterThan(0);
  });

  it('spreads difficulty over 1, 2 and 3 (and nothing else)', () => {
    const levels = new Set(all.map((q) => q.difficulty));
    expect([...levels].sort()).toEqual([1, 2, 3]);
  });

  it('every question has a 1-3 sentence explanation', () => {
    for (const q of all) {
      expect(q.explanation, q.question).not.toBe('');
      const sentences = q.explanation.split(/(?<=[.!?])\s+(?=[A-Z0-9])/).length;
      expect(sentences, q.explanation).toBeLessThanOrEqual(3);
    }
  });

  it('has no duplicate question texts', () => {
    const seen = new Map<string, number>();
    for (const q of all) seen.set(q.question.toLowerCase(), (seen.get(q.question.toLowerCase()) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([t]) => t)).toEqual([]);
  });

  it('multiple-choice questions have 4 distinct options; short answers are short', () => {
    for (const q of all) {
      if (q.type === 'multiple_choice') expect(q.options, q.question).toHaveLength(4);
      if (q.type === 'short_answer') expect(q.correctAnswer.split(/\s+/).length, q.question).toBeLessThanOrEqual(4);
    }
  });

  it('exercises every answer-key form the ingest accepts, and each one scores as its canonical text', () => {
    const forms = new Set<string>();
    for (const { raw, normalised } of rawQuestions) {
      const key = raw.correctAnswer;
      if (typeof key === 'boolean') forms.add('boolean');
      else if (typeof key === 'number') forms.add('number');
      else if (typeof key === 'string' && /^\d+$/.test(key) && !normalised.options.includes(key)) forms.add('digit');
      else if (typeof key === 'string' && /^[A-D]$/.test(key) && !normalised.options.includes(key)) forms.add('letter');
      else forms.add('text');
      if (raw.type === 'multiple-choice') forms.add('hyphen-type');
      if (typeof raw.options === 'string') forms.add('json-options');
      // The raw key and the canonical key designate the same option.
      expect(isAnswerCorrect({ type: raw.type, options: raw.options, correctAnswer: key }, normalised.correctAnswer), normalised.question).toBe(true);
    }
    expect([...forms].sort()).toEqual(['boolean', 'digit', 'hyphen-type', 'json-options', 'letter', 'number', 'text']);
  });

  it('file names follow class-NN-subject-chNN-chapter-slug.json and match the catalogue', () => {
    for (const l of loaded) {
      expect(l.file).toMatch(/^class-1[0-2]-[a-z-]+-ch\d{2}-[a-z0-9-]+\.json$/);
      const entry = catalogue.subjects.find((s) => `${s.className}|${s.name}` === l.subjectKey);
      const ch = entry?.chapters.find((c) => c.number === l.number);
      expect(ch?.name, l.file).toBe(l.chapter);
      expect(ch?.file, l.file).toBe(l.file);
      expect(ch?.hasQuestions, l.file).toBe(true);
    }
  });

  it('catalogue lists the six available subjects with their full chapter lists and the Class XI subjects as Coming Soon', () => {
    const key = (s: { className: string; name: string }) => `${s.className}|${s.name}`;
    expect(catalogue.subjects.filter((s) => !s.comingSoon).map(key)).toEqual(AVAILABLE);
    expect(catalogue.subjects.filter((s) => s.comingSoon).map(key)).toEqual(COMING_SOON);
    const chapterCounts = Object.fromEntries(catalogue.subjects.filter((s) => !s.comingSoon).map((s) => [key(s), s.chapters.length]));
    expect(chapterCounts).toEqual({
      'CBSE Class 12|Biology': 13,
      'CBSE Class 12|Physics': 14,
      'CBSE Class 12|Chemistry': 10,
      'CBSE Class 10|Science': 13,
      'CBSE Class 10|History & Geography': 12,
      'CBSE Class 10|Economics': 5,
    });
    for (const s of catalogue.subjects) {
      expect(s.chapters.map((c) => c.number)).toEqual(s.chapters.map((_, i) => i + 1));
      const withFiles = s.chapters.filter((c) => c.file).map((c) => c.file);
      expect(withFiles.every((f) => files.includes(f as string)), key(s)).toBe(true);
    }
  });
});
