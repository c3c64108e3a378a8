// The question-flag constants front ends need, without TypeBox (import `@lp/contracts/flag-labels`); the schemas in
// flags.ts are built from these.
export const FLAG_REASONS = ['wrong-key', 'unclear', 'typo'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** The choices as the student reads them. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  'wrong-key': 'The key is wrong',
  unclear: 'The question is unclear',
  typo: 'A typo',
};

export const FLAG_LIMITS = { note: 500 } as const;
