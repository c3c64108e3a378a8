// A session holds as many questions as it shows, and a position is one of them: pure rules, no I/O.
import { describe, expect, it } from 'vitest';
import { isQuestionIndexInSession, isSessionQuestion, sessionQuestionIds } from '../../src/domain/session-questions';

describe('session question set', () => {
  it('keeps the first questionsCount questions of what the mode offers, each once', () => {
    expect(sessionQuestionIds(['q1', 'q2', 'q3'], 1)).toEqual(['q1']);
    expect(sessionQuestionIds(['q1', 'q1', 'q2'], 5)).toEqual(['q1', 'q2']);
    expect(sessionQuestionIds(['q1'], 0)).toEqual([]);
  });

  it('counts as the session\'s own only the questions it shows (older sessions hold more than they show)', () => {
    const session = { questionIds: ['q1', 'q2', 'q3'], questionsCount: 1 };
    expect(isSessionQuestion(session, 'q1')).toBe(true);
    expect(isSessionQuestion(session, 'q2')).toBe(false);
    expect(isSessionQuestion(session, 'elsewhere')).toBe(false);
  });

  it('accepts a question index from 0 to questionsCount - 1 only', () => {
    expect(isQuestionIndexInSession(9, 10)).toBe(true);
    expect(isQuestionIndexInSession(10, 10)).toBe(false);
    expect(isQuestionIndexInSession(200, 10)).toBe(false);
    expect(isQuestionIndexInSession(-1, 10)).toBe(false);
  });
});
