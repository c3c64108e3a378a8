import type { Feature } from './features.tsx';

// Apart from features.tsx so the landing page's chunk does not carry the home page's texts.

/**
 * The marketing home's six features. Only what the product does: marketing claims whose existence
 * is not shown (import from textbooks, offline use, custom tags, cloud backup) are left out.
 */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Smart Spaced Repetition',
    mark: '↻',
    premium: true,
    text: 'Chapters come back for revision at intervals our admins set, until you master them; a daily review brings back each question you answered just before you would forget it (FSRS).',
  },
  {
    title: 'Chapter and Topic Quizzes',
    mark: '✎',
    premium: true,
    text: 'Multiple-choice, true/false and short-answer questions for the CBSE 2025-26 syllabus, with an explanation after every answer.',
  },
  {
    title: 'Free Sample Quizzes',
    mark: '★',
    text: 'Ten random questions from any chapter, as often as you like, plus one free trial quiz.',
  },
  {
    title: 'Mistake Review',
    mark: '✓',
    premium: true,
    text: 'Go back over the questions you got wrong, for one chapter or a whole subject.',
  },
  {
    title: 'Challenge Friends',
    mark: '⚑',
    premium: true,
    text: 'Create a challenge link after a quiz, or challenge a friend by e-mail, and compare results side by side.',
  },
  {
    title: 'Pause and Resume',
    mark: '❚❚',
    text: 'Pause a quiz and pick it up later from your dashboard, right where you stopped.',
  },
];
