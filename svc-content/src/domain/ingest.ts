// Ingest: checks a whole upload tree and normalises every question (spec §3, §5) before anything is stored.
// All problems of an upload are found in one pass and reported together with their positions; an upload
// with any problem is rejected whole, so a half-published tree never exists.
import { catalogueNameKey, tidyCatalogueName, UploadTree, type ClassName } from '@lp/contracts';
import { foldText, normaliseQuestion, type NormalisedQuestion } from '@lp/question-rules';
import { Value } from '@sinclair/typebox/value';
import { fingerprint } from './event-id';

export interface IngestQuestion extends NormalisedQuestion {
  /** The question's identity within its topic (text, type and options): publishing upserts on it. */
  hash: string;
  /** The PDF page and excerpt it was generated from, when the upload gave both; null otherwise. */
  source: QuestionSource | null;
}

export interface QuestionSource { page: number; excerpt: string }

/** A raw question's PDF source (`sourcePage` + `sourceExcerpt`, the contract checks their shape), or null. */
export function sourceOf(raw: unknown): QuestionSource | null {
  const { sourcePage, sourceExcerpt } = asRecord(raw);
  if (typeof sourcePage !== 'number' || !Number.isInteger(sourcePage) || sourcePage < 1) return null;
  const excerpt = typeof sourceExcerpt === 'string' ? sourceExcerpt.replace(/\s+/g, ' ').trim() : '';
  return excerpt ? { page: sourcePage, excerpt } : null;
}
/** A Hindi name (issue 33 §1); null when the upload gave none. */
export type HindiName = { name: string } | null;
export interface IngestTopic { name: string; description: string | null; hi: { name: string; description?: string } | null; questions: IngestQuestion[] }
export interface IngestChapter { name: string; number: number | null; hi: HindiName; topics: IngestTopic[] }
export interface IngestSubject { name: string; hi: HindiName; chapters: IngestChapter[] }
export interface IngestTree { className: ClassName; subjects: IngestSubject[] }

/** One problem: where (`subjects[0].chapters[1].topics[2].questions[3]`) and why, as the admin contract's RejectedQuestion. */
export interface Rejection { path: string; reason: string }

export type IngestResult =
  | { ok: true; tree: IngestTree; questionCount: number; duplicatesSkipped: number }
  | { ok: false; rejections: Rejection[] };

/** `/subjects/0/chapters/1/name` → `subjects[0].chapters[1].name`. */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '');
}

/** The identity of a question inside its topic: the same text, type and options are the same question. */
export function questionHash(q: Pick<NormalisedQuestion, 'question' | 'type' | 'options'>): string {
  return fingerprint([q.type, foldText(q.question), q.options.map(foldText)]);
}

const QUESTION_PATH = /^(subjects\[\d+\]\.chapters\[\d+\]\.topics\[\d+\]\.questions\[\d+\])(.*)$/;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const nameOf = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? tidyCatalogueName(v) : fallback);
/** An entry's optional `hi` name (the schema check reports a bad one). */
function hindiName(v: unknown): HindiName {
  const name = asRecord(v).name;
  return typeof name === 'string' && name.trim() !== '' ? { name: tidyCatalogueName(name) } : null;
}
function hindiTopic(v: unknown): IngestTopic['hi'] {
  const hi = hindiName(v);
  const description = asRecord(v).description;
  return hi && typeof description === 'string' && description.trim() !== '' ? { ...hi, description: description.trim() } : hi;
}

/** Checks the shape against the upload contract, then normalises each question. Pure: no I/O. */
export function ingestTree(input: unknown): IngestResult {
  const rejections: Rejection[] = [];

  // 1. The shape, per the contract. Errors inside a question are kept per question (one reason each);
  //    others (a missing name, a chapter without topics...) are reported as they are.
  const questionSchemaErrors = new Map<string, string>();
  const seen = new Set<string>();
  for (const error of Value.Errors(UploadTree, input)) {
    const path = pointerToPath(error.path);
    const inQuestion = QUESTION_PATH.exec(path);
    if (inQuestion) {
      const [, questionPath, field] = inQuestion as unknown as [string, string, string];
      if (!questionSchemaErrors.has(questionPath)) questionSchemaErrors.set(questionPath, `${field.replace(/^\./, '') || 'question'}: ${error.message}`);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    rejections.push({ path: path || '(root)', reason: `${path || 'The upload'}: ${error.message}` });
  }

  // 2. Walk the tree (defensively: its shape may be wrong) and normalise every question.
  const root = asRecord(input);
  const tree: IngestTree = { className: root.className as ClassName, subjects: [] };
  let questionCount = 0;
  let duplicatesSkipped = 0;
  // "Biology" and "biology " in one upload are one subject (catalogueNameKey): reported, not stored twice.
  const duplicateName = (names: Set<string>, name: string, path: string, what: string, parent: string) => {
    const key = catalogueNameKey(name);
    if (names.has(key)) rejections.push({ path, reason: `${what} "${name}" appears more than once in ${parent}; merge them into one` });
    names.add(key);
  };

  const subjectNames = new Set<string>();
  asArray(root.subjects).forEach((rawSubject, i) => {
    const s = asRecord(rawSubject);
    const subjectName = nameOf(s.name, `subject ${i + 1}`);
    duplicateName(subjectNames, subjectName, `subjects[${i}].name`, 'Subject', 'the upload');
    const subject: IngestSubject = { name: subjectName, hi: hindiName(s.hi), chapters: [] };
    tree.subjects.push(subject);

    const chapterNames = new Set<string>();
    asArray(s.chapters).forEach((rawChapter, j) => {
      const c = asRecord(rawChapter);
      const chapterName = nameOf(c.name, `chapter ${j + 1}`);
      duplicateName(chapterNames, chapterName, `subjects[${i}].chapters[${j}].name`, 'Chapter', subjectName);
      const chapter: IngestChapter = { name: chapterName, number: typeof c.number === 'number' ? c.number : null, hi: hindiName(c.hi), topics: [] };
      subject.chapters.push(chapter);

      const topicNames = new Set<string>();
      asArray(c.topics).forEach((rawTopic, k) => {
        const t = asRecord(rawTopic);
        const topicName = nameOf(t.name, `topic ${k + 1}`);
        duplicateName(topicNames, topicName, `subjects[${i}].chapters[${j}].topics[${k}].name`, 'Topic', `${subjectName} › ${chapterName}`);
        const topic: IngestTopic = { name: topicName, description: typeof t.description === 'string' ? t.description.trim() : null, hi: hindiTopic(t.hi), questions: [] };
        chapter.topics.push(topic);

        const hashes = new Set<string>();
        asArray(t.questions).forEach((rawQuestion, l) => {
          const path = `subjects[${i}].chapters[${j}].topics[${k}].questions[${l}]`;
          const where = `${subjectName} › ${chapterName} › ${topicName}, question ${l + 1}`;
          const result = normaliseQuestion(rawQuestion);
          if (!result.ok) {
            rejections.push({ path, reason: `${where}: ${result.reason}` });
            return;
          }
          const schemaError = questionSchemaErrors.get(path);
          if (schemaError) {
            rejections.push({ path, reason: `${where}: ${schemaError}` });
            return;
          }
          const hash = questionHash(result.question);
          if (hashes.has(hash)) {
            duplicatesSkipped += 1;
            return;
          }
          hashes.add(hash);
          topic.questions.push({ ...result.question, hash, source: sourceOf(rawQuestion) });
          questionCount += 1;
        });
      });
    });
  });

  if (rejections.length > 0) return { ok: false, rejections };
  return { ok: true, tree, questionCount, duplicatesSkipped };
}
