/**
 * One question of the learn quiz, drawn by the shared quiz component (`@lp/ui/quiz`): its options as radio cards
 * (arrow keys move, Enter submits), or a text input for a short-answer question; after submitting, the options
 * lock, the correct one turns green, a wrong pick red, and the explanation shows.
 */
import { useId } from 'react';
import { QuizQuestion } from '@lp/ui/quiz';
import type { Question } from './api.ts';
import { isLocked, optionTone, type QuestionState } from './questionState.ts';

export interface QuestionViewProps {
  question: Question;
  state: QuestionState;
  onSelect: (answer: string) => void;
  /** Enter pressed: submit when an answer is chosen. */
  onEnter: () => void;
}

export function QuestionView({ question, state, onSelect, onEnter }: QuestionViewProps) {
  const id = useId();
  const chosen = state.phase === 'unselected' ? '' : state.answer;
  const chosenIndex = question.options.indexOf(chosen);
  return (
    <QuizQuestion
      id={id}
      text={question.question}
      hi={question.hi}
      figureReference={question.figureReference}
      shortAnswer={question.type === 'short_answer'}
      options={question.options}
      chosen={chosenIndex >= 0 ? chosenIndex : null}
      toneOf={(index) => optionTone(state, question.options[index]!)}
      typed={chosen}
      typedTone={toneOfShortAnswer(state)}
      locked={isLocked(state)}
      onChoose={(index) => onSelect(question.options[index]!)}
      onType={onSelect}
      onEnter={onEnter}
    />
  );
}

function toneOfShortAnswer(state: QuestionState): 'plain' | 'correct' | 'wrong' {
  if (state.phase !== 'submitted' || state.outcome.status !== 'scored') return 'plain';
  return state.outcome.check.isCorrect ? 'correct' : 'wrong';
}
