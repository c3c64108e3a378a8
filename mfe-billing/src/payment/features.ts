/** What the yearly plan includes: listed on /subscription and in the exposed upgrade dialog (which imports this,
 *  not the page, so learn's quiz does not load the subscription page or its styles with the dialog). */
export const FEATURES = [
  'Full chapter and topic quizzes in every subject',
  'Progress tracking and spaced revision',
  'Mistake review and review sessions',
  'Friend challenges',
];
