import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { en } from '../src/i18n/en.ts';
import { homeEn } from '../src/i18n/home-en.ts';
import { accountEn } from '../src/i18n/account-en.ts';
import { marketingEn } from '../src/i18n/marketing-en.ts';
import { pagesEn } from '../src/i18n/pages-en.ts';

describe("the shell's Hindi catalogues", () => {
  it('have every English key and no other', async () => {
    expect(catalogueDifferences(en, (await import('../src/i18n/hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(accountEn, (await import('../src/i18n/account-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(marketingEn, (await import('../src/i18n/marketing-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(homeEn, (await import('../src/i18n/home-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(pagesEn, (await import('../src/i18n/pages-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
  });
});
