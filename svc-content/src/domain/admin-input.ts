// What the admin's upload methods send, turned into the one upload format (spec §3, §7) before ingest.
// Pure: no I/O. Every message an admin sees names what to fix.
import type { ClassName, FileOutcome, GuidedFormBody, MultiFileResult, UploadProcessedContentBody, UploadTree } from '@lp/contracts';
import { normaliseQuestion } from '@lp/question-rules';
import { hindiNameOf, hindiTopicOf, uploadedHindi } from './hindi';
import { ingestTree, type IngestTree } from './ingest';

export const INVALID_JSON = 'Invalid JSON: Please check your JSON syntax and try again';

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

type UploadTopic = UploadTree['subjects'][number]['chapters'][number]['topics'][number];

/**
 * The guided form's questions: a list of questions (one topic named after the chapter), a list of topics
 * ({name, questions}), {topics: [...]}, or an object of topic name → questions.
 */
export function topicsOf(value: unknown, defaultTopic: string): { ok: true; topics: UploadTopic[] } | { ok: false; reason: string } {
  const asTopic = (name: unknown, questions: unknown, description?: unknown): UploadTopic =>
    ({ name: str(name) || defaultTopic, ...(typeof description === 'string' ? { description } : {}), questions: Array.isArray(questions) ? questions : [] } as UploadTopic);
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, reason: 'The questions list is empty.' };
    if (value.every((v) => isRecord(v) && Array.isArray(v.questions))) {
      return { ok: true, topics: value.map((t) => asTopic((t as Record<string, unknown>).name, (t as Record<string, unknown>).questions, (t as Record<string, unknown>).description)) };
    }
    return { ok: true, topics: [asTopic(defaultTopic, value)] };
  }
  if (isRecord(value)) {
    if (Array.isArray(value.topics)) return topicsOf(value.topics, defaultTopic);
    if (Array.isArray(value.questions)) return { ok: true, topics: [asTopic(value.name ?? value.topic ?? defaultTopic, value.questions)] };
    const entries = Object.entries(value);
    if (entries.length > 0 && entries.every(([, qs]) => Array.isArray(qs))) return { ok: true, topics: entries.map(([name, qs]) => asTopic(name, qs)) };
  }
  return { ok: false, reason: 'Give the questions as a JSON list of questions, a list of topics with questions, or an object of topic name → questions.' };
}

export function guidedFormTree(body: GuidedFormBody): { ok: true; tree: UploadTree } | { ok: false; reason: string } {
  const parsed = parseJson(body.rawQuestions);
  if (!parsed.ok) return { ok: false, reason: INVALID_JSON };
  const topics = topicsOf(parsed.value, body.chapterName.trim());
  if (!topics.ok) return topics;
  return {
    ok: true,
    tree: { className: body.className, subjects: [{ name: body.subjectName.trim(), chapters: [{ name: body.chapterName.trim(), number: body.chapterNumber, topics: topics.topics }] }] },
  };
}

export function processedTree(body: UploadProcessedContentBody): UploadTree {
  return {
    className: body.className,
    subjects: [{
      name: body.subjectName.trim(),
      chapters: [{ name: body.chapterName.trim(), ...(body.chapterNumber ? { number: body.chapterNumber } : {}), topics: Object.entries(body.topics).map(([name, questions]) => ({ name, questions })) }],
    }],
  };
}

/** The normalised tree in the upload format, for the preview (what will be published, keys in canonical form). */
export function previewOf(tree: IngestTree): UploadTree {
  return {
    className: tree.className,
    subjects: tree.subjects.map((s) => ({
      name: s.name,
      ...hindiNameOf(s.hi),
      chapters: s.chapters.map((c) => ({
        name: c.name,
        ...hindiNameOf(c.hi),
        ...(c.number ? { number: c.number } : {}),
        topics: c.topics.map((t) => ({
          name: t.name,
          ...(t.description !== null ? { description: t.description } : {}),
          ...hindiTopicOf(t.hi),
          questions: t.questions.map((q) => ({
            question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation,
            difficulty: q.difficulty, ...(q.figureReference ? { figureReference: q.figureReference } : {}),
            ...(q.source ? { sourcePage: q.source.page, sourceExcerpt: q.source.excerpt } : {}),
            ...(q.hi ? { hi: uploadedHindi(q.type, q.hi) } : {}),
          })),
        })),
      })),
    })),
  } as UploadTree;
}

export function summaryOf(tree: IngestTree) {
  const chapters = tree.subjects.flatMap((s) => s.chapters);
  const topics = chapters.flatMap((c) => c.topics);
  return { subjects: tree.subjects.length, chapters: chapters.length, topics: topics.length, questions: topics.reduce((n, t) => n + t.questions.length, 0) };
}

/** One multi-file upload file: an upload tree, {className?, subjectName?, chapterName?, topic?, questions}, or a list of questions. */
interface FileContent { className?: ClassName; subjectName?: string; chapterName?: string; topics: Array<{ name: string; questions: unknown[] }> }

const CLASSES: readonly string[] = ['CBSE Class 10', 'CBSE Class 11', 'CBSE Class 12'];

function fileContent(filename: string, value: unknown): FileContent | string {
  const topicName = filename.replace(/\.json$/i, '').replace(/[_-]+/g, ' ').trim() || 'Topic';
  const className = isRecord(value) && CLASSES.includes(str(value.className)) ? (str(value.className) as ClassName) : undefined;
  if (isRecord(value) && Array.isArray(value.subjects)) {
    const subject = value.subjects[0];
    const chapter = isRecord(subject) && Array.isArray(subject.chapters) ? subject.chapters[0] : undefined;
    if (!isRecord(subject) || !isRecord(chapter) || !Array.isArray(chapter.topics)) return 'The file has subjects but no chapter with topics.';
    if (value.subjects.length > 1 || (subject.chapters as unknown[]).length > 1) return 'Give one chapter per set of files; this file holds several. Upload it as a JSON file instead.';
    return {
      className, subjectName: str(subject.name) || undefined, chapterName: str(chapter.name) || undefined,
      topics: chapter.topics.map((t, i) => ({ name: isRecord(t) ? str(t.name) || `${topicName} ${i + 1}` : `${topicName} ${i + 1}`, questions: isRecord(t) && Array.isArray(t.questions) ? t.questions : [] })),
    };
  }
  const topics = topicsOf(value, topicName);
  if (!topics.ok) return topics.reason;
  return {
    className,
    subjectName: isRecord(value) ? str(value.subjectName) || str(value.subject) || undefined : undefined,
    chapterName: isRecord(value) ? str(value.chapterName) || str(value.chapter) || undefined : undefined,
    topics: topics.topics.map((t) => ({ name: t.name, questions: t.questions })),
  };
}

/**
 * Several JSON files of one chapter → topics and questions with a status per file. A file with any bad question
 * is an error (naming the question) and contributes nothing; the others are parsed. The class, subject and
 * chapter come from the first file that names them. Null when no file names them.
 */
export function multiFileResult(files: Array<{ filename: string; content: string }>): MultiFileResult | { error: string; files: FileOutcome[] } {
  const outcomes: FileOutcome[] = [];
  const topics: Record<string, unknown[]> = {};
  let className: ClassName | undefined;
  let subjectName: string | undefined;
  let chapterName: string | undefined;
  let totalQuestions = 0;
  for (const file of files) {
    const fail = (error: string) => outcomes.push({ filename: file.filename, status: 'error', questionCount: 0, error });
    const parsed = parseJson(file.content);
    if (!parsed.ok) { fail(`Invalid JSON: ${parsed.reason}`); continue; }
    const content = fileContent(file.filename, parsed.value);
    if (typeof content === 'string') { fail(content); continue; }
    const problems: string[] = [];
    let count = 0;
    for (const topic of content.topics) {
      topic.questions.forEach((q, i) => {
        const result = normaliseQuestion(q);
        if (!result.ok) problems.push(`${topic.name}, question ${i + 1}: ${result.reason}`);
        else count++;
      });
    }
    if (problems.length > 0) { fail(problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '')); continue; }
    if (count === 0) { fail('The file has no questions.'); continue; }
    className ??= content.className;
    subjectName ??= content.subjectName;
    chapterName ??= content.chapterName;
    for (const topic of content.topics) topics[topic.name] = [...(topics[topic.name] ?? []), ...topic.questions];
    totalQuestions += count;
    outcomes.push({ filename: file.filename, status: 'parsed', questionCount: count, error: null });
  }
  if (!outcomes.some((o) => o.status === 'parsed')) return { error: 'None of the files could be used. Fix the errors listed for each file and try again.', files: outcomes };
  if (!className || !subjectName || !chapterName) {
    return { error: 'None of the files says which class, subject and chapter it belongs to: add "className", "subjectName" and "chapterName" to one of them.', files: outcomes };
  }
  return { className, subjectName, chapterName, topics: topics as MultiFileResult['topics'], totalQuestions, files: outcomes };
}

export { ingestTree };
