import { describe, expect, it } from 'vitest';
import { istDay } from '../../src/domain/days';
import { recallOnDay } from '../../src/domain/exam-schedule';
import { cardAtPace, cardRecallOn, chapterRecall, examDayRecall, type QuestionPlace } from '../../src/domain/recall';
import { recallAfter, scheduleReview } from '../../src/domain/review';

const DAY = 86_400_000;
const t0 = new Date('2026-01-05T06:30:00.000Z'); // 12:00 in India
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const PHYSICS = 'physics';
const OPTICS = 'optics';
const WAVES = 'waves';
const places = new Map<string, QuestionPlace>([
  ['q1', { chapterId: OPTICS, subjectId: PHYSICS }],
  ['q2', { chapterId: OPTICS, subjectId: PHYSICS }],
  ['q3', { chapterId: OPTICS, subjectId: PHYSICS }],
  ['w1', { chapterId: WAVES, subjectId: PHYSICS }],
]);
const chapterQuestions = new Map([[OPTICS, ['q1', 'q2', 'q3', 'q4', 'q5']], [WAVES, ['w1', 'w2']]]);

describe('recall today per chapter (issue 32 §2)', () => {
  it('averages FSRS retrievability over the reviewed questions and counts the unseen apart', () => {
    const right = scheduleReview(null, true, at(-10)); // answered right ten days ago
    const wrong = scheduleReview(null, false, at(-3)); // answered wrong three days ago, not since
    const cards = { q1: right, q2: right, q3: wrong };
    const [optics] = chapterRecall(cards, places, chapterQuestions, t0);
    const expected = (2 * recallAfter(10, right.stability) + 0) / 3;
    expect(optics).toEqual({ chapterId: OPTICS, subjectId: PHYSICS, reviewed: 3, unseen: 2, recallToday: expected });
    expect(expected).toBeGreaterThan(0.4);
    expect(expected).toBeLessThan(0.67);
  });

  it('gives a learner with no reviews no chapters, and a chapter of unseen questions no recall', () => {
    expect(chapterRecall({}, places, chapterQuestions, t0)).toEqual([]);
    expect(examDayRecall({}, places, chapterQuestions, { [PHYSICS]: '2026-03-01' }, t0))
      .toEqual([{ subjectId: PHYSICS, examDate: '2026-03-01', reviewed: 0, unseen: 0, recallIfStopped: null, recallAtPace: null, chapters: [] }]);
  });

  it('counts a fresh mistake as not remembered, and the same question answered right later that day as remembered', () => {
    const wrong = scheduleReview(null, false, t0);
    expect(recallAfter(0, wrong.stability)).toBe(1); // FSRS alone would call it remembered
    expect(cardRecallOn(wrong, istDay(t0))).toBe(0);
    const fixed = scheduleReview(wrong, true, new Date(t0.getTime() + 3_600_000));
    expect(cardRecallOn(fixed, istDay(t0))).toBe(1);
  });

  it('leaves out questions content no longer knows', () => {
    const card = scheduleReview(null, true, at(-1));
    expect(chapterRecall({ gone: card, w1: card }, places, chapterQuestions, t0).map((c) => c.chapterId)).toEqual([WAVES]);
  });
});

describe('recall on exam day', () => {
  const exam = istDay(at(60));

  it('if the learner stops: FSRS’s curve on exam day; at the current pace: higher, with the reviews due before it done', () => {
    const right = scheduleReview(null, true, at(-2));
    const [physics] = examDayRecall({ q1: right, w1: right }, places, chapterQuestions, { [PHYSICS]: exam }, t0);
    expect(physics!.recallIfStopped).toBeCloseTo(recallOnDay(right, exam), 10);
    expect(physics!.recallAtPace!).toBeGreaterThan(0.9);
    expect(physics!.recallAtPace!).toBeGreaterThan(physics!.recallIfStopped!);
    expect(physics).toMatchObject({ reviewed: 2, unseen: 5 });
    expect(physics!.chapters.map((c) => [c.chapterId, c.reviewed, c.unseen])).toEqual([[OPTICS, 1, 4], [WAVES, 1, 1]]);
  });

  it('at pace, a card is reviewed until its next review falls on or after exam day, and never after the exam', () => {
    const card = cardAtPace(scheduleReview(null, true, at(-2)), t0, exam);
    expect(istDay(new Date(card.last_review!)) < exam).toBe(true);
    expect(istDay(new Date(card.due)) >= exam).toBe(true);
    expect(card.reps).toBeGreaterThan(1);
  });

  it('skips subjects whose exam has passed', () => {
    expect(examDayRecall({ q1: scheduleReview(null, true, at(-2)) }, places, chapterQuestions, { [PHYSICS]: istDay(at(-1)) }, t0)).toEqual([]);
  });
});
