/**
 * One question: its options as a radio group (arrow keys move, Enter submits), or a text input for
 * a short-answer question; after submitting, the options lock, the correct one turns green, a wrong
 * pick red, and the explanation shows.
 */
import { useId, type KeyboardEvent } from 'react';
import { RichText } from '@lp/ui/rich-text';
import type { Question } from './api.ts';
import { isLocked, optionTone, type QuestionState } from './questionState.ts';

export interface QuestionViewProps {
  question: Question;
  state: QuestionState;
  onSelect: (answer: string) => void;
  /** Enter pressed: submit when an answer is chosen. */
  onEnter: () => void;
}

const MARK: Record<string, string> = { correct: '✓ Correct answer', wrong: '✗ Your answer' };

export function QuestionView({ question, state, onSelect, onEnter }: QuestionViewProps) {
  const id = useId();
  const locked = isLocked(state);
  const chosen = state.phase === 'unselected' ? '' : state.answer;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter();
  };
  const questionId = `${id}-question`;

  return (
    <div>
      <h2 className="lp-quiz__question" id={questionId}>
        <RichText text={question.question} />
      </h2>
      {question.figureReference && <p className="lp-quiz__figure">Refers to: {question.figureReference}</p>}
      {question.type === 'short_answer' ? (
        <div className="lp-quiz__short-answer">
          <label htmlFor={`${id}-answer`}>Your answer</label>
          <input
            id={`${id}-answer`}
            className="lp-quiz__input"
            type="text"
            autoComplete="off"
            value={chosen}
            readOnly={locked}
            aria-readonly={locked || undefined}
            aria-describedby={questionId}
            data-tone={toneOfShortAnswer(state)}
            maxLength={2000}
            onChange={(event) => onSelect(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      ) : (
        <div className="lp-quiz__options" role="radiogroup" aria-labelledby={questionId} onKeyDown={onKeyDown}>
            {question.options.map((option, index) => {
              const tone = optionTone(state, option);
              return (
                <label key={`${index}-${option}`} className="lp-quiz-option" data-tone={tone} data-locked={locked}>
                  <input
                    type="radio"
                    name={`${id}-options`}
                    value={option}
                    checked={chosen === option}
                    disabled={locked && chosen !== option}
                    aria-disabled={locked || undefined}
                    onChange={() => {
                      if (!locked) onSelect(option);
                    }}
                  />
                  <span className="lp-quiz-option__text"><RichText text={option} /></span>
                  {MARK[tone] && <span className="lp-quiz-option__mark">{MARK[tone]}</span>}
                </label>
              );
            })}
        </div>
      )}
    </div>
  );
}

function toneOfShortAnswer(state: QuestionState): 'plain' | 'correct' | 'wrong' {
  if (state.phase !== 'submitted' || state.outcome.status !== 'scored') return 'plain';
  return state.outcome.check.isCorrect ? 'correct' : 'wrong';
}
