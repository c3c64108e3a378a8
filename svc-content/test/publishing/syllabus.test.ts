// Issue 30 §1: every chapter of the NCERT 2025-26 syllabus of each available subject has a seed file that the
// publishing path accepts, with topics and ≥ 25 explained questions of all three types, and Class XII Biology's
// seven download chapters hold the specification's counts (spec: "7 chapters, 372 questions (55, 51, 54, 51, 57, 55, 49)").
// Pure file reading, no database. One test per subject, each failing with the list of its chapters' problems, so
// `-t Economics` checks one subject.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestTree, type IngestChapter } from '../../src/domain/ingest';
import { isNearDuplicate } from '../../src/domain/review';
import { DEFAULT_SEED_DIR } from '../../src/publishing/seed';

const MIN_QUESTIONS = 25;
const MIN_TOPICS = 2;
const TYPES = ['multiple_choice', 'true_false', 'short_answer'] as const;
/** Spec: the Class XII Biology download chapters 1-7, question counts in chapter order. */
const BIOLOGY_COUNTS = [55, 51, 54, 51, 57, 55, 49];

interface CatalogueChapter { number: number; name: string; hasQuestions: boolean; file: string | null }
interface CatalogueSubject { className: string; name: string; comingSoon: boolean; chapters: CatalogueChapter[] }

const catalogue = JSON.parse(readFileSync(join(DEFAULT_SEED_DIR, 'catalogue.json'), 'utf8')) as { subjects: CatalogueSubject[] };
const available = catalogue.subjects.filter((s) => !s.comingSoon);

type RawQuestion = { explanation?: unknown; difficulty?: unknown; question?: unknown };
const rawQuestionsOf = (tree: unknown): RawQuestion[] =>
  ((tree as { subjects?: { chapters?: { topics?: { questions?: RawQuestion[] }[] }[] }[] }).subjects ?? [])
    .flatMap((s) => s.chapters ?? []).flatMap((c) => c.topics ?? []).flatMap((t) => t.questions ?? []);

/** What is wrong with one catalogue chapter's seed file, as readable lines ([] when nothing). */
function chapterProblems(subject: CatalogueSubject, entry: CatalogueChapter): string[] {
  const where = `${subject.className} ${subject.name} ch${entry.number} ${entry.name}`;
  if (!entry.hasQuestions || !entry.file) return [`${where}: no seed file (hasQuestions false)`];
  const path = join(DEFAULT_SEED_DIR, entry.file);
  if (!existsSync(path)) return [`${where}: ${entry.file} is missing`];
  const tree = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const ingest = ingestTree(tree);
  if (!ingest.ok) return ingest.rejections.map((r) => `${where}: ${r.reason}`);

  const problems: string[] = [];
  const say = (why: string) => problems.push(`${where}: ${why}`);
  const s = ingest.tree.subjects;
  if (ingest.tree.className !== subject.className || s.length !== 1 || s[0]!.name !== subject.name || s[0]!.chapters.length !== 1) {
    say(`the file must hold exactly one chapter of ${subject.className} ${subject.name}`);
    return problems;
  }
  const chapter: IngestChapter = s[0]!.chapters[0]!;
  if (chapter.name !== entry.name || chapter.number !== entry.number) say(`the file's chapter is ${chapter.number}. ${chapter.name}`);
  if (ingest.duplicatesSkipped > 0) say(`${ingest.duplicatesSkipped} identical question(s) repeated in a topic`);

  const questions = chapter.topics.flatMap((t) => t.questions);
  if (questions.length < MIN_QUESTIONS) say(`${questions.length} questions, fewer than ${MIN_QUESTIONS}`);
  if (chapter.topics.length < MIN_TOPICS) say(`${chapter.topics.length} topic(s), fewer than ${MIN_TOPICS}`);
  for (const t of chapter.topics) if (!t.description) say(`topic "${t.name}" has no description`);
  for (const type of TYPES) if (!questions.some((q) => q.type === type)) say(`no ${type} question`);
  // The raw file, not the normalised form: normalising fills in a default difficulty that nobody chose.
  for (const raw of rawQuestionsOf(tree)) {
    const text = String(raw.question).slice(0, 60);
    if (typeof raw.explanation !== 'string' || raw.explanation.trim() === '') say(`"${text}" has no explanation`);
    if (raw.difficulty === undefined || raw.difficulty === null || raw.difficulty === '') say(`"${text}" has no difficulty`);
  }
  // The near-duplicate rule of generated questions applies to the whole chapter's bank.
  for (let i = 0; i < questions.length; i++) {
    for (let j = i + 1; j < questions.length; j++) {
      if (isNearDuplicate(questions[i]!.question, questions[j]!.question)) {
        say(`near-duplicates: "${questions[i]!.question.slice(0, 50)}" and "${questions[j]!.question.slice(0, 50)}"`);
      }
    }
  }
  const expected = subject.className === 'CBSE Class 12' && subject.name === 'Biology' ? BIOLOGY_COUNTS[entry.number - 1] : undefined;
  if (expected !== undefined && questions.length !== expected) say(`${questions.length} questions, the specification says ${expected}`);
  return problems;
}

describe('the seed covers the NCERT 2025-26 syllabus', () => {
  it('lists available subjects with chapters, and the Class XI subjects as coming soon without any', () => {
    expect(available.length).toBeGreaterThan(0);
    for (const s of available) expect(s.chapters.length, `${s.className} ${s.name}`).toBeGreaterThan(0);
    for (const s of catalogue.subjects.filter((x) => x.comingSoon)) expect(s.chapters, `${s.className} ${s.name}`).toEqual([]);
  });

  it.each(available.map((s) => [`${s.className} ${s.name}`, s] as const))('%s: every chapter has a complete seed file', (_, subject) => {
    expect(subject.chapters.flatMap((c) => chapterProblems(subject, c))).toEqual([]);
  });
});
