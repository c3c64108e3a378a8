import { describe, expect, it } from 'vitest';
import { nextTopicId, pauseIndex, questionsLeft, quizRequestOf, resumeIndex, resumeStart, sampleUrl } from '../../src/pages/quiz/quizFlow.ts';

const T = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const C = 'ccccccccccccccccccccccc1';
const S = 'dddddddddddddddddddddd01';
const SESSION = 'eeeeeeeeeeeeeeeeeeeeeee1';
const req = (params: { id?: string; chapterId?: string }, query = '') => quizRequestOf(params, new URLSearchParams(query));

describe('which quiz a URL asks for', () => {
  it('reads topic, full chapter, mistakes, subject mistakes, review, sample and resume', () => {
    expect(req({ id: T })).toEqual({ kind: 'topic', topicId: T });
    expect(req({ chapterId: C })).toEqual({ kind: 'full', chapterId: C });
    expect(req({ id: T }, `chapter=${C}&type=full`)).toEqual({ kind: 'full', chapterId: C, topicId: T });
    expect(req({ id: T }, `chapter=${C}&type=mistakes`)).toEqual({ kind: 'mistakes', chapterId: C });
    expect(req({ id: 'subject-mistakes' }, `subject=${S}`)).toEqual({ kind: 'subject-mistakes', subjectId: S });
    expect(req({ id: 'review' })).toEqual({ kind: 'review' });
    expect(req({ id: 'sample' }, `chapter=${C}`)).toEqual({ kind: 'sample', chapterId: C });
    expect(req({ id: 'sample' }, `chapter=${C}&topic=${T}`)).toEqual({ kind: 'sample', chapterId: C, topicId: T });
    expect(req({ id: T }, `resume=${SESSION}&chapter=${C}&type=full`)).toEqual({ kind: 'resume', sessionId: SESSION });
    expect(req({ chapterId: C }, `resume=${SESSION}`)).toEqual({ kind: 'resume', sessionId: SESSION });
  });

  it('says what is missing when a special id lacks its parameter', () => {
    expect(req({ id: 'subject-mistakes' })).toMatchObject({ kind: 'invalid' });
    expect(req({ id: 'sample' })).toMatchObject({ kind: 'invalid' });
    expect(req({ id: 'not-an-id' })).toMatchObject({ kind: 'invalid' });
    expect(req({ id: T }, 'resume=nope')).toMatchObject({ kind: 'invalid' });
  });

  it('builds sample links', () => {
    expect(sampleUrl(C)).toBe(`/quiz/sample?chapter=${C}`);
    expect(sampleUrl(C, T)).toBe(`/quiz/sample?chapter=${C}&topic=${T}`);
  });
});

describe('resume', () => {
  it('continues at the saved question', () => {
    expect(resumeIndex(3, 10)).toBe(3);
    expect(resumeIndex(0, 10)).toBe(0);
  });
  it('stays inside the question list', () => {
    expect(resumeIndex(12, 10)).toBe(9);
    expect(resumeIndex(-1, 10)).toBe(0);
    expect(resumeIndex(4, 0)).toBe(0);
    expect(resumeIndex(Number.NaN, 5)).toBe(0);
  });
  it('topic and full chapter quizzes keep their place; mistake and review lists start again at the top', () => {
    expect(resumeStart('full', 4, 10)).toBe(4);
    expect(resumeStart('topic', 4, 10)).toBe(4);
    expect(resumeStart('mistakes', 4, 10)).toBe(0);
    expect(resumeStart('review', 4, 10)).toBe(0);
  });
  it('a pause saves the question on screen, or the next one once it has been answered', () => {
    expect(pauseIndex(2, false, 10)).toBe(2);
    expect(pauseIndex(2, true, 10)).toBe(3);
    expect(pauseIndex(9, true, 10)).toBe(9);
  });
});

describe('next topic', () => {
  const topics = [
    { id: 'c', order: 3 },
    { id: 'a', order: 1 },
    { id: 'b', order: 2 },
  ];
  it('is the next topic of the chapter in order', () => {
    expect(nextTopicId(topics, 'a')).toBe('b');
    expect(nextTopicId(topics, 'b')).toBe('c');
  });
  it('wraps to the first topic after the last', () => {
    expect(nextTopicId(topics, 'c')).toBe('a');
  });
  it('starts at the first topic for an unknown topic, and has none for an empty chapter', () => {
    expect(nextTopicId(topics, 'zzz')).toBe('a');
    expect(nextTopicId([], 'a')).toBeNull();
  });

  it('a resumed mistakes or review quiz shows only the questions the server has no answer for; fixed lists keep every question', () => {
    const qs = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(questionsLeft('mistakes', qs, ['a'])).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(questionsLeft('review', qs, ['a', 'c'])).toEqual([{ id: 'b' }]);
    expect(questionsLeft('full', qs, ['a'])).toEqual(qs);
    expect(questionsLeft('review', qs, ['a', 'b', 'c'])).toEqual(qs);
  });
});
