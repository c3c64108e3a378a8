import { describe, expect, it } from 'vitest';
import {
  canAdvance,
  canSubmit,
  initialQuestionState,
  isLocked,
  optionTone,
  questionReducer,
  type QuestionEvent,
  type QuestionState,
} from '../../src/pages/quiz/questionState.ts';

const run = (...events: QuestionEvent[]): QuestionState => events.reduce(questionReducer, initialQuestionState);
const check = { isCorrect: false, correctAnswer: 'Mitochondria', explanation: 'The powerhouse of the cell.' };

describe('a question: unselected → selected → submitted', () => {
  it('starts unselected: Submit Answer is disabled', () => {
    expect(initialQuestionState.phase).toBe('unselected');
    expect(canSubmit(initialQuestionState)).toBe(false);
    expect(run({ type: 'submit', answerId: 'a1' })).toEqual(initialQuestionState);
  });

  it('choosing an answer enables Submit Answer; choosing another replaces it', () => {
    const state = run({ type: 'select', answer: 'Nucleus' }, { type: 'select', answer: 'Ribosome' });
    expect(state).toEqual({ phase: 'selected', answer: 'Ribosome' });
    expect(canSubmit(state)).toBe(true);
  });

  it('a blank typed answer is no answer', () => {
    const state = run({ type: 'select', answer: 'x' }, { type: 'select', answer: '   ' });
    expect(state.phase).toBe('unselected');
    expect(canSubmit(state)).toBe(false);
  });

  it('submitting locks the options while the answer is checked', () => {
    const state = run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a1' });
    expect(state.phase).toBe('checking');
    expect(isLocked(state)).toBe(true);
    expect(canAdvance(state)).toBe(false);
    expect(run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a1' }, { type: 'select', answer: 'Ribosome' })).toEqual(state);
  });

  it('when scored: the correct option is green, a wrong pick red, others plain; Next is offered', () => {
    const state = run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a1' }, { type: 'scored', answerId: 'a1', check });
    expect(state.phase).toBe('submitted');
    expect(canAdvance(state)).toBe(true);
    expect(optionTone(state, 'Mitochondria')).toBe('correct');
    expect(optionTone(state, 'Nucleus')).toBe('wrong');
    expect(optionTone(state, 'Ribosome')).toBe('plain');
    // locked: choosing again changes nothing
    expect(questionReducer(state, { type: 'select', answer: 'Mitochondria' })).toBe(state);
  });

  it('a right pick is green and nothing is red', () => {
    const state = run(
      { type: 'select', answer: 'Mitochondria' },
      { type: 'submit', answerId: 'a1' },
      { type: 'scored', answerId: 'a1', check: { ...check, isCorrect: true } },
    );
    expect(optionTone(state, 'Mitochondria')).toBe('correct');
    expect(optionTone(state, 'Nucleus')).toBe('plain');
  });

  it('an answer queued by a failed call is submitted with its check pending, and filled in when it lands', () => {
    const queued = run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a1' }, { type: 'queued', answerId: 'a1' });
    expect(queued).toMatchObject({ phase: 'submitted', outcome: { status: 'pending' } });
    expect(canAdvance(queued)).toBe(true);
    expect(optionTone(queued, 'Nucleus')).toBe('chosen');
    const landed = questionReducer(queued, { type: 'scored', answerId: 'a1', check });
    expect(optionTone(landed, 'Mitochondria')).toBe('correct');
  });

  it('ignores results of another answer (an earlier question)', () => {
    const state = run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a2' });
    expect(questionReducer(state, { type: 'scored', answerId: 'a1', check })).toBe(state);
  });

  it('reset starts the next question unselected', () => {
    const state = run({ type: 'select', answer: 'Nucleus' }, { type: 'submit', answerId: 'a1' }, { type: 'queued', answerId: 'a1' }, { type: 'reset' });
    expect(state).toEqual(initialQuestionState);
  });
});
