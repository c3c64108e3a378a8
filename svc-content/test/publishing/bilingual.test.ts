// Issue 33 §1: Class X Economics is fully bilingual; scripts/check-bilingual.mjs holds the format's rules.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chapterFiles, checkBilingual, checkFile } from '../../scripts/check-bilingual.mjs';

const ECONOMICS = chapterFiles().filter((path) => basename(path).startsWith('class-10-economics-'));

describe('the bilingual seed (scripts/check-bilingual.mjs)', () => {
  it('has Hindi for every Class X Economics question, in the agreed format', () => {
    const reports = checkBilingual(ECONOMICS);
    expect(reports.flatMap((r) => r.problems)).toEqual([]);
    for (const r of reports) expect(r).toMatchObject({ withoutHindi: 0, withHindi: r.questions });
    expect(reports.map((r) => r.file)).toHaveLength(5);
  });

  it('finds no broken Hindi anywhere in the seed', () => {
    expect(checkBilingual().flatMap((r) => r.problems)).toEqual([]);
  });

  it('reports a Hindi option list that does not match the English one, and an untranslated text', () => {
    const tree = JSON.parse(readFileSync(ECONOMICS[0]!, 'utf8'));
    const [first, second] = tree.subjects[0].chapters[0].topics[0].questions;
    first.hi.options.pop();
    second.hi.explanation = second.explanation;
    const path = join(mkdtempSync(join(tmpdir(), 'bilingual-')), 'broken.json');
    writeFileSync(path, JSON.stringify(tree));

    const { problems } = checkFile(path, { requireHindi: true });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('hi.options has 3 entries, options has 4');
    expect(problems[1]).toContain('hi.explanation has no Devanagari');
  });
});
