// What the demo bank in seed/ holds, read from its files the way publishing reads them, so tests that publish the
// seed assert these figures rather than totals that change whenever content is added.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ingestTree } from '../../src/domain/ingest';
import { DEFAULT_SEED_DIR } from '../../src/publishing/seed';

export interface SeedFile { file: string; className: string; subjectName: string; chapterName: string; number: number | null; questions: number }

export function seedBank(dir = DEFAULT_SEED_DIR) {
  const catalogue = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8')) as { subjects: { chapters: unknown[] }[] };
  const files: SeedFile[] = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'catalogue.json').sort().map((file) => {
    const result = ingestTree(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!result.ok) throw new Error(`seed file ${file} does not ingest: ${result.rejections.map((r) => r.reason).join('; ')}`);
    const subject = result.tree.subjects[0]!;
    const chapter = subject.chapters[0]!;
    return { file, className: result.tree.className, subjectName: subject.name, chapterName: chapter.name, number: chapter.number, questions: result.questionCount };
  });
  const sum = (fs: SeedFile[]) => fs.reduce((n, f) => n + f.questions, 0);
  const biology = files.filter((f) => f.className === 'CBSE Class 12' && f.subjectName === 'Biology');
  return {
    files,
    questions: sum(files),
    subjects: catalogue.subjects.length,
    catalogueChapters: catalogue.subjects.reduce((n, s) => n + s.chapters.length, 0),
    biology: { files: biology, questions: sum(biology) },
  };
}
