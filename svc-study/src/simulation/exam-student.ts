// A simulated student, to check the exam-aware schedule (domain/exam-schedule.ts) against plain FSRS: cards learned
// over the first weeks, reviewed each evening as the queue offers them, a missed week, and an exam at the end. The
// answers go through the same pure rules as the service (answerEffects), with a seeded random student whose chance
// of a right answer is FSRS's own predicted recall. Deterministic: same options, same numbers.
import { answerEffects, type LearnerStudyState } from '../domain/answer-effects';
import { DAY_MS, istDay } from '../domain/days';
import { recallOnDay, todaysReviewShare } from '../domain/exam-schedule';
import { dueQuestionIds, recallAfter, type ReviewCard } from '../domain/review';

export interface StudentOptions {
  cards: number;
  /** Days from the first study day to the exam. */
  days: number;
  /** Days (0-based) the student does not open the app. */
  missedDays: number[];
  /** New cards are learned on the active days of the first `learningDays`. */
  learningDays: number;
  /** Chance a new card is answered right the first time. */
  firstTimeRight: number;
  /** 'exam': the exam date is set (cap, levelling, backlog share); 'fsrs': plain FSRS, every due card every day. */
  schedule: 'exam' | 'fsrs';
  seed: number;
}

export interface StudentOutcome {
  schedule: StudentOptions['schedule'];
  examDay: string;
  meanRecallOnExamDay: number;
  /** Share of cards with predicted recall of at least 0.9 on exam day. */
  atLeast90: number;
  lowestRecallOnExamDay: number;
  /** Cards shown per day (reviews and new cards), the largest and the mean over active days. */
  largestDailyLoad: number;
  /** Cards shown on each active day, in order. */
  dailyLoads: number[];
  meanDailyLoad: number;
  reviews: number;
  /** Cards last reviewed in the 14 days before the exam. */
  reviewedInLastFortnight: number;
}

export const DEFAULT_STUDENT: StudentOptions = {
  cards: 1000, days: 90, missedDays: [40, 41, 42, 43, 44, 45, 46], learningDays: 60, firstTimeRight: 0.75, schedule: 'exam', seed: 32,
};

const SUBJECT = 'subject';
const EVENING_UTC_MS = 12.5 * 3_600_000; // 18:00 in India

/** Mulberry32: a small seeded generator, so runs repeat exactly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function simulateStudent(options: Partial<StudentOptions> = {}): StudentOutcome {
  const o = { ...DEFAULT_STUDENT, ...options };
  const rand = random(o.seed);
  const start = Date.UTC(2026, 0, 5) + EVENING_UTC_MS;
  const examDay = istDay(new Date(start + o.days * DAY_MS));
  const state: LearnerStudyState = {
    totalQuestions: 0, activeDays: [], chapters: {}, mistakes: {}, cards: {}, recentAnswerIds: [],
    examDays: o.schedule === 'exam' ? { [SUBJECT]: examDay } : {},
  };
  const missed = new Set(o.missedDays);
  const learningActive = Array.from({ length: o.learningDays }, (_, d) => d).filter((d) => !missed.has(d)).length;
  const newPerDay = Math.ceil(o.cards / Math.max(1, learningActive));
  let learned = 0;
  let serial = 0;
  const loads: number[] = [];
  let reviews = 0;

  /** One batch of answers, as the service applies a batch: one read of the state, one write. */
  const answerAll = (answers: Array<{ questionId: string; isCorrect: boolean }>, at: Date) => {
    if (answers.length === 0) return;
    const effects = answerEffects(state, answers.map(({ questionId, isCorrect }) => ({
      answerId: `a${serial++}`, key: { questionId, chapterId: 'chapter', topicId: 'topic', subjectId: SUBJECT }, isCorrect, mode: 'review' as const, at,
    })), 1);
    for (const [qid, card] of effects.cards) state.cards[qid] = card;
    state.recentAnswerIds = effects.recentAnswerIds;
  };

  for (let d = 0; d < o.days; d += 1) {
    if (missed.has(d)) continue;
    const now = new Date(start + d * DAY_MS);
    const share = o.schedule === 'exam' ? todaysReviewShare(Object.values(state.cards), now, [examDay]) : Infinity;
    const due = dueQuestionIds(state.cards, now, share).map(({ questionId }) => {
      const card = state.cards[questionId]!;
      const elapsed = (now.getTime() - new Date(card.last_review!).getTime()) / DAY_MS;
      return { questionId, isCorrect: rand() < recallAfter(elapsed, card.stability) };
    });
    answerAll(due, now);
    reviews += due.length;
    const fresh: Array<{ questionId: string; isCorrect: boolean }> = [];
    while (d < o.learningDays && fresh.length < newPerDay && learned < o.cards) fresh.push({ questionId: `q${learned++}`, isCorrect: rand() < o.firstTimeRight });
    answerAll(fresh, new Date(now.getTime() + 1_800_000));
    // The day's mistakes, reviewed right after (the key was just shown): the same day, so FSRS is not asked twice.
    const wrong = [...due, ...fresh].filter((a) => !a.isCorrect).map((a) => ({ questionId: a.questionId, isCorrect: true }));
    answerAll(wrong, new Date(now.getTime() + 3_600_000));
    loads.push(due.length + fresh.length);
  }

  const recalls = Object.values(state.cards).map((card: ReviewCard) => recallOnDay(card, examDay));
  const fortnightAgo = new Date(start + (o.days - 14) * DAY_MS).getTime();
  return {
    schedule: o.schedule,
    examDay,
    meanRecallOnExamDay: recalls.reduce((a, b) => a + b, 0) / recalls.length,
    atLeast90: recalls.filter((r) => r >= 0.9).length / recalls.length,
    lowestRecallOnExamDay: Math.min(...recalls),
    largestDailyLoad: Math.max(...loads),
    dailyLoads: loads,
    meanDailyLoad: loads.reduce((a, b) => a + b, 0) / loads.length,
    reviews,
    reviewedInLastFortnight: Object.values(state.cards).filter((c) => new Date(c.last_review!).getTime() >= fortnightAgo).length,
  };
}
