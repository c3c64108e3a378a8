// Where an unfinished quiz continues and which one the dashboard offers: pure rules, no I/O.
import { describe, expect, it } from 'vitest';
import { resumeQuestionIndex, sessionToContinue } from '../../src/domain/resume';

const quiz = ['q1', 'q2', 'q3', 'q4', 'q5'];

describe('resumeQuestionIndex', () => {
  it('continues after the last question with a recorded answer (question 3 of 5 after two answers)', () => {
    expect(resumeQuestionIndex(quiz, 5, new Set(['q1', 'q2']))).toBe(2);
  });

  it('starts at the first question when nothing is recorded', () => {
    expect(resumeQuestionIndex(quiz, 5, new Set())).toBe(0);
  });

  it('keeps skipped questions skipped: after the last answered one, not at the first gap', () => {
    expect(resumeQuestionIndex(quiz, 5, new Set(['q1', 'q3']))).toBe(3);
  });

  it('takes a saved pause position that is further on, never one that is behind the recorded answers', () => {
    expect(resumeQuestionIndex(quiz, 5, new Set(['q1']), 3)).toBe(3);
    expect(resumeQuestionIndex(quiz, 5, new Set(['q1', 'q2', 'q3']), 0)).toBe(3);
  });

  it('stays within the quiz: the last question when all are answered, and ignores answers outside its count', () => {
    expect(resumeQuestionIndex(quiz, 5, new Set(quiz))).toBe(4);
    expect(resumeQuestionIndex(quiz, 2, new Set(['q5']))).toBe(0);
    expect(resumeQuestionIndex(quiz, 5, new Set(), 99)).toBe(4);
  });
});

describe('sessionToContinue', () => {
  const open = { a: { startedAt: new Date('2026-11-01T10:00:00Z') }, b: { startedAt: '2026-11-02T10:00:00.000Z' } };

  it('offers the paused session while it is open', () => {
    expect(sessionToContinue(open, 'a')).toBe('a');
  });

  it('else the most recently started open session, and none when nothing is open', () => {
    expect(sessionToContinue(open, null)).toBe('b');
    expect(sessionToContinue(open, 'gone')).toBe('b');
    expect(sessionToContinue({}, null)).toBeNull();
    expect(sessionToContinue({ '6a0000000000000000000001': open.a, '6a0000000000000000000002': open.a }, null)).toBe('6a0000000000000000000002');
  });
});
