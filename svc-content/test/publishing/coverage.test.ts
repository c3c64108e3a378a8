// The Coverage section of seed/README.md is generated (scripts/seed-coverage.mjs): it must say what the files hold.
import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageSection, SEED_DIR, withCoverage } from '../../scripts/seed-coverage.mjs';

const readme = readFileSync(join(SEED_DIR, 'README.md'), 'utf8');

describe('the seed README coverage table', () => {
  it('is up to date with the seed files (run `npm run seed:coverage -w svc-content` after changing them)', () => {
    expect(withCoverage(readme, coverageSection())).toBe(readme);
  });

  it('changes when a question is added to a chapter file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-coverage-'));
    cpSync(SEED_DIR, dir, { recursive: true });
    const catalogue = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8')) as { subjects: { chapters: { file: string | null }[] }[] };
    const file = catalogue.subjects.flatMap((s) => s.chapters).find((c) => c.file)!.file!;
    const tree = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const topic = tree.subjects[0].chapters[0].topics[0];
    topic.questions.push({ question: 'An added question?', type: 'true_false', correctAnswer: true, explanation: 'Added.', difficulty: 1 });
    writeFileSync(join(dir, file), JSON.stringify(tree));

    const updated = coverageSection(dir);
    expect(withCoverage(readme, updated)).not.toBe(readme);
    const total = (section: string) => Number(/\*\*(\d+) questions\*\*/.exec(section)?.[1]);
    expect(total(updated)).toBe(total(coverageSection()) + 1);
  });
});
