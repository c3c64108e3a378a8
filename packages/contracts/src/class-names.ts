// The CBSE classes as plain values, without TypeBox (import `@lp/contracts/class-names`): the dashboard's pickers need
// them at first paint, and importing the package's root evaluates every schema of every service (and TypeBox) on a
// phone's main thread. common.ts builds the ClassName schema from these.

export const CLASS_NAMES = ['CBSE Class 10', 'CBSE Class 11', 'CBSE Class 12'] as const;
export type ClassName = (typeof CLASS_NAMES)[number];
export const DEFAULT_CLASS: ClassName = 'CBSE Class 12';
