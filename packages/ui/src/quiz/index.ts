/**
 * `@lp/ui/quiz`: the quiz's presentation, one for the learn runner and the challenge play screen (issue 31,
 * item 14), with one stylesheet. A subpath module, so only the pages that show a quiz download it.
 */
import './quiz.css';

export { QuizText } from './QuizText.tsx';
export { QuizQuestion, type OptionTone, type QuizQuestionProps } from './QuizQuestion.tsx';
export { QuizProgress } from './QuizProgress.tsx';
export { EmptyQuizFeedback, QuizFeedback, type FeedbackTone, type QuizFeedbackProps } from './QuizFeedback.tsx';
export { MistakeReview, type Mistake } from './MistakeReview.tsx';
export { hindiOptions, useStudentLanguage, type ContentLanguage, type HindiQuestionText } from './language.ts';
export { QUIZ_LABELS, useQuizLabels, type QuizLabels } from './labels.ts';
