// The admin pages' Hindi catalogue has exactly English's keys, and English says what the contracts say (issue 33 §1).
import { describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORY_LABELS, TICKET_OUTCOME_LABELS, TICKET_STATUS_LABELS } from '@lp/contracts';
import { FLAG_REASON_LABELS } from '@lp/contracts/flag-labels';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { en } from '../src/i18n/en.ts';

const english = (key: string) => en[key as keyof typeof en];

describe("admin's catalogues", () => {
  it('Hindi: no key missing, none extra', async () => {
    expect(catalogueDifferences(en, (await import('../src/i18n/hi.ts')).default)).toEqual({ missing: [], orphans: [] });
  });

  it("English is the contracts' texts, word for word", () => {
    for (const [category, label] of Object.entries(FEEDBACK_CATEGORY_LABELS)) expect(english(`category.${category}`)).toBe(label);
    for (const [status, label] of Object.entries(TICKET_STATUS_LABELS)) expect(english(`status.${status}`)).toBe(label);
    for (const [outcome, label] of Object.entries(TICKET_OUTCOME_LABELS)) expect(english(`outcome.${outcome}`)).toBe(label);
    for (const [reason, label] of Object.entries(FLAG_REASON_LABELS)) expect(english(`flags.reason.${reason}`)).toBe(label);
  });
});
