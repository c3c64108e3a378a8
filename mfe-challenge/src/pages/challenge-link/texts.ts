/** The guest challenge page's texts, in one place: the page and its tests quote them. */
import { heading } from '@lp/web-platform/heading';

export const NOT_FOUND_TITLE = 'Challenge Not Found';
export const NOT_FOUND_TEXT = 'This challenge may have expired or doesn\u2019t exist.';
export const NAME_REQUIRED = 'Name Required, Please enter your name to start the challenge.';
export const SUBMIT_FAILED = 'Failed to submit challenge results.';
export const ATTEMPT_FAILED = 'Failed to submit attempt';
export const CHALLENGE_TITLE = heading('You have been challenged');
export const CHALLENGE_SUBTITLE = "Can you beat your friend's score?";
export const HOW_IT_WORKS = 'Answer the same questions, then see both scores side by side, with the right answers and explanations. The timer only shows how long you take: it never ends your attempt.';
export const ANSWER_SAVED = 'Answer saved. You will see whether it was right, with the explanation, in your results.';
export const ANSWER_NOT_SAVED = 'Your answer could not be saved, so it counts as incorrect.';
