// Every Hindi catalogue of learn has exactly English's keys, plural where English is (issue 33 §1).
import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { en as dashboard } from '../src/i18n/dashboard/en.ts';
import { en as pages } from '../src/i18n/pages/en.ts';
import { en as quiz } from '../src/i18n/quiz/en.ts';
import { en as recall } from '../src/i18n/recall/en.ts';

describe("learn's Hindi catalogues", () => {
  it.each([
    ['dashboard', dashboard, () => import('../src/i18n/dashboard/hi.ts')],
    ['quiz', quiz, () => import('../src/i18n/quiz/hi.ts')],
    ['pages', pages, () => import('../src/i18n/pages/hi.ts')],
    ['recall', recall, () => import('../src/i18n/recall/hi.ts')],
  ] as const)('%s: no key missing, none extra', async (_area, english, hindi) => {
    expect(catalogueDifferences(english, (await hindi()).default)).toEqual({ missing: [], orphans: [] });
  });
});
