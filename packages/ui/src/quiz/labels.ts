/**
 * The quiz components' own words in the student's language (issue 33 §1). A tiny catalogue here rather than a
 * remote's: the package depends on no remote, and both remotes that draw a quiz (learn, challenge) get them alike.
 */
import { useStudentLanguage, type ContentLanguage } from './language.ts';

export interface QuizLabels {
  yourAnswer: string;
  correctAnswer: string;
  explanation: string;
  refersTo: string;
  progress: string;
}

export const QUIZ_LABELS: Record<ContentLanguage, QuizLabels> = {
  en: { yourAnswer: 'Your answer', correctAnswer: 'Correct answer', explanation: 'Explanation', refersTo: 'Refers to', progress: 'Quiz progress' },
  hi: { yourAnswer: 'आपका उत्तर', correctAnswer: 'सही उत्तर', explanation: 'व्याख्या', refersTo: 'संदर्भ', progress: 'क्विज़ की प्रगति' },
};

/** The labels in the page's language (re-renders when `<html lang>` changes). */
export const useQuizLabels = (): QuizLabels => QUIZ_LABELS[useStudentLanguage()];
