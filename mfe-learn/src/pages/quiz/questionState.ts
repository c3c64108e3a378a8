/**
 * One question's states (spec §4 "Quiz question"): unselected → selected → submitted, then Next
 * Question (or Complete Quiz on the last). While the answer call is out the question is "checking";
 * a call that failed on the network leaves it submitted with the check pending (the answer queue
 * retries it), and the result fills in when it lands.
 */

export interface AnswerCheck {
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
  /** A bilingual question's Hindi answer and explanation (shown to a student who studies in Hindi). */
  hi?: { correctAnswer: string; explanation: string } | undefined;
}

export type Outcome =
  | { status: 'scored'; check: AnswerCheck }
  /** Saved on this device; the answer queue sends it again and the check fills in then. */
  | { status: 'pending' }
  /** The server refused the answer for good (e.g. the question no longer exists). */
  | { status: 'failed'; message: string };

export type QuestionState =
  | { phase: 'unselected' }
  | { phase: 'selected'; answer: string }
  | { phase: 'checking'; answer: string; answerId: string }
  | { phase: 'submitted'; answer: string; answerId: string; outcome: Outcome };

export type QuestionEvent =
  | { type: 'select'; answer: string }
  | { type: 'submit'; answerId: string }
  | { type: 'scored'; answerId: string; check: AnswerCheck }
  | { type: 'queued'; answerId: string }
  | { type: 'failed'; answerId: string; message: string }
  | { type: 'reset' };

export const initialQuestionState: QuestionState = { phase: 'unselected' };

export function questionReducer(state: QuestionState, event: QuestionEvent): QuestionState {
  switch (event.type) {
    case 'select':
      if (state.phase !== 'unselected' && state.phase !== 'selected') return state; // options lock once submitted
      return event.answer.trim() ? { phase: 'selected', answer: event.answer } : { phase: 'unselected' };
    case 'submit':
      if (state.phase !== 'selected') return state; // Submit Answer is disabled until an answer is chosen
      return { phase: 'checking', answer: state.answer, answerId: event.answerId };
    case 'scored':
      if ((state.phase !== 'checking' && state.phase !== 'submitted') || state.answerId !== event.answerId) return state;
      return { phase: 'submitted', answer: state.answer, answerId: state.answerId, outcome: { status: 'scored', check: event.check } };
    case 'queued':
      if (state.phase !== 'checking' || state.answerId !== event.answerId) return state;
      return { phase: 'submitted', answer: state.answer, answerId: state.answerId, outcome: { status: 'pending' } };
    case 'failed':
      if ((state.phase !== 'checking' && state.phase !== 'submitted') || state.answerId !== event.answerId) return state;
      return { phase: 'submitted', answer: state.answer, answerId: state.answerId, outcome: { status: 'failed', message: event.message } };
    case 'reset':
      return initialQuestionState;
  }
}

export const canSubmit = (state: QuestionState): boolean => state.phase === 'selected';
export const isLocked = (state: QuestionState): boolean => state.phase === 'checking' || state.phase === 'submitted';
/** Next Question / Complete Quiz show once the answer is in (scored, pending on the queue, or refused). */
export const canAdvance = (state: QuestionState): boolean => state.phase === 'submitted';

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether an option is the one the server named as correct (its text; tolerant of case and spacing). */
export function isCorrectOption(option: string, correctAnswer: string): boolean {
  return option === correctAnswer || fold(option) === fold(correctAnswer);
}

export type { OptionTone } from '@lp/ui/quiz';
import type { OptionTone } from '@lp/ui/quiz';

/** How an option looks: the chosen one before scoring; after scoring the correct one green and a wrong pick red. */
export function optionTone(state: QuestionState, option: string): OptionTone {
  if (state.phase === 'unselected') return 'plain';
  const chosen = state.answer === option;
  if (state.phase === 'submitted' && state.outcome.status === 'scored') {
    const { check } = state.outcome;
    if (isCorrectOption(option, check.correctAnswer)) return 'correct';
    if (chosen && !check.isCorrect) return 'wrong';
    return 'plain';
  }
  return chosen ? 'chosen' : 'plain';
}
