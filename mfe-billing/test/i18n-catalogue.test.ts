// Billing's Hindi catalogue has exactly English's keys, and English says what the contracts say (issue 33 §1).
import { describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORY_LABELS, FEEDBACK_MESSAGES, PLAN_FEATURES, TICKET_OUTCOME_LABELS, TICKET_STATUS_LABELS } from '@lp/contracts';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { en } from '../src/i18n/en.ts';
import { FEATURE_KEYS } from '../src/payment/features.ts';

describe("billing's catalogues", () => {
  it('Hindi: no key missing, none extra', async () => {
    expect(catalogueDifferences(en, (await import('../src/i18n/hi.ts')).default)).toEqual({ missing: [], orphans: [] });
  });

  it("English is the contracts' texts, word for word", () => {
    expect(FEATURE_KEYS.map((k) => en[k])).toEqual([...PLAN_FEATURES]);
    for (const [category, label] of Object.entries(FEEDBACK_CATEGORY_LABELS)) expect(en[`feedback.category.${category}` as keyof typeof en]).toBe(label);
    for (const [status, label] of Object.entries(TICKET_STATUS_LABELS)) expect(en[`tickets.status.${status}` as keyof typeof en]).toBe(label);
    for (const [outcome, label] of Object.entries(TICKET_OUTCOME_LABELS)) expect(en[`tickets.outcome.${outcome}` as keyof typeof en]).toBe(label);
    expect(`${en['feedback.missingFieldsTitle']}, ${en['feedback.missingFields']}`).toBe(FEEDBACK_MESSAGES.missingFields);
    expect(`${en['feedback.fileTypeTitle']}, ${en['feedback.fileType']}`).toBe(FEEDBACK_MESSAGES.fileType);
    expect(`${en['feedback.fileTooLargeTitle']}, ${en['feedback.fileTooLarge']}`).toBe(FEEDBACK_MESSAGES.fileTooLarge);
    expect(en['feedback.submitFailed']).toBe(FEEDBACK_MESSAGES.submitFailed);
  });
});
