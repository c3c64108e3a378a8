import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { linkEn } from '../src/i18n/link-en.ts';
import { playEn } from '../src/i18n/play-en.ts';
import { mineEn } from '../src/i18n/mine-en.ts';

describe("the challenge remote's Hindi catalogues", () => {
  it('have every English key and no other', async () => {
    expect(catalogueDifferences(linkEn, (await import('../src/i18n/link-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(playEn, (await import('../src/i18n/play-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(mineEn, (await import('../src/i18n/mine-hi.ts')).default)).toEqual({ missing: [], orphans: [] });
  });
});
