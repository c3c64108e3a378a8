import { describe, expect, it } from 'vitest';
import { cardHighlight, historyTone, mistakeReviewDisabled, mistakeReviewShown, revisionView } from '../src/pages/dashboard/card-rules.ts';
import { dashboardUrl, resolveClass, resolveSubject } from '../src/pages/dashboard/class-selection.ts';
import { resolveSampleTopics, TEST_QUIZ_TOPICS } from '../src/pages/test-quiz/sample-topics.ts';
import { quizLinks } from '../src/api/quiz-links.ts';
import { chapter, id, pausedSession, progress, subject } from './support.tsx';

describe('dashboard class (spec §4): URL, else stored, else profile, else CBSE Class 12', () => {
  it('takes the URL parameter first', () => {
    expect(resolveClass({ urlClass: 'CBSE Class 10', storedClass: 'CBSE Class 11', profileClass: 'CBSE Class 12' })).toBe('CBSE Class 10');
  });
  it('then the stored value', () => {
    expect(resolveClass({ urlClass: null, storedClass: 'CBSE Class 11', profileClass: 'CBSE Class 10' })).toBe('CBSE Class 11');
  });
  it('then the profile', () => {
    expect(resolveClass({ urlClass: null, storedClass: null, profileClass: 'CBSE Class 10' })).toBe('CBSE Class 10');
  });
  it('else CBSE Class 12', () => {
    expect(resolveClass({})).toBe('CBSE Class 12');
  });
  it('skips values that are not a class', () => {
    expect(resolveClass({ urlClass: 'Class 99', storedClass: 'garbage', profileClass: 'CBSE Class 11' })).toBe('CBSE Class 11');
  });
  it('keeps the choice in the dashboard URL', () => {
    expect(dashboardUrl('CBSE Class 10', null)).toBe('/dashboard?class=CBSE+Class+10');
    expect(dashboardUrl('CBSE Class 12', id(5))).toBe(`/dashboard?class=CBSE+Class+12&subject=${id(5)}`);
  });
});

describe('dashboard subject preselection', () => {
  const subjects = [subject(1, 'Biology', 'CBSE Class 12', []), subject(2, 'Physics', 'CBSE Class 12', [])];
  it('takes the URL subject id, then subjectName, then stored, then profile', () => {
    expect(resolveSubject(subjects, { urlSubjectId: id(2), urlSubjectName: 'Biology' })).toBe(id(2));
    expect(resolveSubject(subjects, { urlSubjectName: 'physics', storedSubjectId: id(1) })).toBe(id(2));
    expect(resolveSubject(subjects, { storedSubjectId: id(1), profileSubjectId: id(2) })).toBe(id(1));
    expect(resolveSubject(subjects, { profileSubjectId: id(2) })).toBe(id(2));
  });
  it('ignores a subject of another class (all subjects)', () => {
    expect(resolveSubject(subjects, { storedSubjectId: id(9), profileSubjectId: id(8) })).toBeNull();
  });
});

describe('mistake review buttons (spec §5)', () => {
  it('are disabled when the count is 0, when signed out, or while a session is paused', () => {
    expect(mistakeReviewDisabled({ count: 3, signedIn: true, sessionPaused: false })).toBe(false);
    expect(mistakeReviewDisabled({ count: 0, signedIn: true, sessionPaused: false })).toBe(true);
    expect(mistakeReviewDisabled({ count: 3, signedIn: false, sessionPaused: false })).toBe(true);
    expect(mistakeReviewDisabled({ count: 3, signedIn: true, sessionPaused: true })).toBe(true);
  });

  it('are offered only to a signed-in learner with mistakes (issue 31 §12)', () => {
    expect(mistakeReviewShown({ count: 3, signedIn: true })).toBe(true);
    expect(mistakeReviewShown({ count: 0, signedIn: true })).toBe(false);
    expect(mistakeReviewShown({ count: 3, signedIn: false })).toBe(false);
  });
});

describe('history colours (spec §9: 80 and 60)', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79.9, 'fair'],
    [60, 'fair'],
    [59, 'poor'],
    [0, 'poor'],
  ])('%s%% is %s', (pct, tone) => {
    expect(historyTone(pct)).toBe(tone);
  });
});

describe('card highlights (spec §9: 90 and 100)', () => {
  it('marks 90% and 100%', () => {
    expect(cardHighlight(undefined)).toBe('none');
    expect(cardHighlight(89)).toBe('none');
    expect(cardHighlight(90)).toBe('high');
    expect(cardHighlight(99.5)).toBe('high');
    expect(cardHighlight(100)).toBe('perfect');
  });
});

describe('revision stars and badges from progress', () => {
  const c = id(1);
  it('no revisions yet: no stars, no badge', () => {
    expect(revisionView(progress(c))).toEqual({ stars: 0, revisionDue: false, mastered: false, accuracy: 70 });
  });
  it('first revision due', () => {
    expect(revisionView(progress(c, { revisionStage: 1, revisionDue: true }))).toMatchObject({ stars: 0, revisionDue: true, mastered: false });
  });
  it('a star per revision done', () => {
    const two = progress(c, { firstRevisionAt: '2025-02-20T00:00:00.000Z', secondRevisionAt: '2025-04-11T00:00:00.000Z' });
    expect(revisionView(two).stars).toBe(2);
  });
  it('stage 4 is mastered with three stars and never due', () => {
    const done = progress(c, {
      firstRevisionAt: '2025-02-20T00:00:00.000Z',
      secondRevisionAt: '2025-04-11T00:00:00.000Z',
      thirdRevisionAt: '2025-05-31T00:00:00.000Z',
      revisionStage: 4,
      revisionDue: false,
    });
    expect(revisionView(done)).toMatchObject({ stars: 3, mastered: true, revisionDue: false });
  });
});

describe('quiz links', () => {
  it('resumes a paused full chapter quiz from the chapter’s first topic', () => {
    const session = pausedSession({ mode: 'full', chapterId: id(10) });
    expect(quizLinks.resume(session, id(11))).toBe(`/quiz/${id(11)}?resume=${session.id}&chapter=${id(10)}&type=full`);
  });
  it('retake opens the full chapter quiz', () => {
    expect(quizLinks.retake(pausedSession({ mode: 'topic', topicId: id(11), chapterId: id(10) }))).toBe(`/quiz/chapter/${id(10)}`);
  });
  it('chapter mistakes start from the first topic with type=mistakes', () => {
    expect(quizLinks.chapterMistakes(id(11), id(10))).toBe(`/quiz/${id(11)}?chapter=${id(10)}&type=mistakes`);
  });
  it('sample and subject mistakes use the special ids', () => {
    expect(quizLinks.sample(id(10))).toBe(`/quiz/sample?chapter=${id(10)}`);
    expect(quizLinks.subjectMistakes(id(1))).toBe(`/quiz/subject-mistakes?subject=${id(1)}`);
  });
});

describe('test quiz topics are found by name', () => {
  const bio = subject(1, 'Biology', 'CBSE Class 12', [
    chapter(10, 'Principles of Inheritance and Variation', [
      { n: 11, name: "Mendel's Laws and Deviations from Them", questions: 11 },
      { n: 12, name: 'Chromosomal Theory', questions: 11 },
    ]),
  ]);
  const physics = subject(2, 'Physics', 'CBSE Class 12', [chapter(20, 'Electric Charges and Fields', [{ n: 21, name: 'Renamed topic', questions: 10 }])]);
  const science = subject(3, 'Science', 'CBSE Class 10', [chapter(30, 'Life Processes', [{ n: 31, name: 'Nutrition and Respiration', questions: 11 }])]);

  it('finds each named topic, or the first topic with questions of its subject', () => {
    const topics = resolveSampleTopics([bio, physics, science], TEST_QUIZ_TOPICS);
    expect(topics.map((t) => t.id)).toEqual([id(11), id(21), id(31)]);
    expect(topics[0]).toMatchObject({ subjectName: 'Biology', chapterName: 'Principles of Inheritance and Variation', questionCount: 11 });
  });
  it('leaves out a subject that is missing', () => {
    expect(resolveSampleTopics([bio], TEST_QUIZ_TOPICS).map((t) => t.id)).toEqual([id(11)]);
  });
});
