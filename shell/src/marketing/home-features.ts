// Apart from features.tsx so the landing page's chunk does not carry the home page's texts.

/**
 * The marketing home's six features (catalogue keys: the home's catalogue). Only what the product does: marketing claims whose existence
 * is not shown (import from textbooks, offline use, custom tags, cloud backup) are left out.
 */
export const FEATURES = [
  { title: 'feature.srTitle', text: 'feature.srText', mark: '↻', premium: true },
  { title: 'feature.quizTitle', text: 'feature.quizText', mark: '✎', premium: true },
  { title: 'feature.sampleTitle', text: 'feature.sampleText', mark: '★' },
  { title: 'feature.mistakeTitle', text: 'feature.mistakeText', mark: '✓', premium: true },
  { title: 'feature.challengeTitle', text: 'feature.challengeText', mark: '⚑', premium: true },
  { title: 'feature.pauseTitle', text: 'feature.pauseText', mark: '❚❚' },
] as const;
