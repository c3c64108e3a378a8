import { DownloadParams } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { chapterFileName, slugify } from '../../src/domain/slug';

describe('chapter file names', () => {
  it('are built from class, subject, number and chapter name', () => {
    expect(chapterFileName({ className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Sexual Reproduction in Flowering Plants', number: 1 }))
      .toBe('class-12-biology-ch01-sexual-reproduction-in-flowering-plants.json');
    expect(chapterFileName({ className: 'CBSE Class 10', subjectName: 'History & Geography', chapterName: 'Nationalism in India', number: 2 }))
      .toBe('class-10-history-geography-ch02-nationalism-in-india.json');
    expect(chapterFileName({ className: 'CBSE Class 11', subjectName: 'Physics', chapterName: 'Units', number: null })).toBe('class-11-physics-units.json');
  });

  it('never contain a path separator or dot-dot, and always fit the download route', () => {
    for (const chapterName of ['../../etc/passwd', '..\\..\\boot.ini', '%2e%2e%2f', 'Ünïcödé — “quotes”', '', 'x'.repeat(400)]) {
      const name = chapterFileName({ className: 'CBSE Class 12', subjectName: '../Biology', chapterName, number: 3 });
      expect(name).not.toMatch(/[/\\]|\.\./);
      expect(Value.Check(DownloadParams, { filename: name }), name).toBe(true);
    }
    expect(slugify('Électricité & Magnétisme')).toBe('electricite-magnetisme');
  });
});
