/**
 * A chapter quiz under way, kept on this device (issue 33 §2): which session, where the learner was, what they
 * answered. A page reloaded (or the app reopened) without a connection continues the quiz here instead of starting it
 * again from the download. The answers keep their answer ids, so the answer queue (which holds the unsent ones in
 * localStorage) still sends each exactly once. Kept per learner and chapter; another learner's is never shown.
 */
import type { Question } from '../pages/quiz/api.ts';
import type { AnswerCheck } from '../pages/quiz/questionState.ts';
import type { AnsweredQuestion } from '../pages/quiz/QuizResults.tsx';
import { StoredRecords, type Store } from './stored-records.ts';

export interface SavedAnswer {
  answerId: string;
  questionId: string;
  answer: string;
  outcome: AnsweredQuestion['outcome'];
  check?: AnswerCheck;
  waited?: boolean;
}

export interface QuizSitting {
  userId: string;
  chapterId: string;
  sessionId: string;
  /** The question to show next (the count of questions answered or skipped so far). */
  nextIndex: number;
  skipped: number;
  seconds: number;
  answers: SavedAnswer[];
  savedAt: number;
}

/** What a resumed runner starts from. */
export interface RestoredSitting {
  sessionId: string;
  startIndex: number;
  /** Every question was answered or skipped: the quiz goes straight to completing. */
  finished: boolean;
  skipped: number;
  seconds: number;
  answers: AnsweredQuestion[];
}

export const QUIZ_SITTINGS_STORAGE_KEY = 'lp.quiz.sittings.v1';
/** A sitting nobody came back to for this long is dropped (its queued answers stay in the answer queue). */
export const SITTING_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

const keyOf = (userId: string, chapterId: string) => `${userId}:${chapterId}`;

export class QuizSittings {
  // Storage full or blocked: a reload then starts the quiz again, as before.
  private readonly records: StoredRecords<QuizSitting>;

  constructor(storage: Store | null, private readonly now: () => number = Date.now, key = QUIZ_SITTINGS_STORAGE_KEY) {
    this.records = new StoredRecords(storage, key);
  }

  private read(): Record<string, QuizSitting> {
    return this.records.read();
  }

  /** Writes the sittings, the week-old ones left out. */
  private write(all: Record<string, QuizSitting>) {
    this.records.write(Object.fromEntries(Object.entries(all).filter(([, s]) => this.now() - s.savedAt < SITTING_MAX_AGE_MS)));
  }

  save(sitting: Omit<QuizSitting, 'savedAt'>) {
    this.write({ ...this.read(), [keyOf(sitting.userId, sitting.chapterId)]: { ...sitting, savedAt: this.now() } });
  }

  /** The learner's own sitting of this chapter, if one is kept (never another learner's). */
  get(userId: string, chapterId: string): QuizSitting | null {
    const found = this.read()[keyOf(userId, chapterId)];
    return found && found.userId === userId && this.now() - found.savedAt < SITTING_MAX_AGE_MS ? found : null;
  }

  /**
   * Someone is signed in (`userId`) or nobody is (null): every other learner's kept quizzes go (their unsent answers
   * stay in the answer queue, sent when they sign in again), so a shared phone shows nobody another's quiz.
   */
  forgetAllBut(userId: string | null) {
    const all = this.read();
    const kept = Object.fromEntries(Object.entries(all).filter(([, s]) => userId !== null && s.userId === userId));
    if (Object.keys(kept).length !== Object.keys(all).length) this.write(kept);
  }

  remove(userId: string, chapterId: string) {
    this.records.remove(keyOf(userId, chapterId));
  }
}

/**
 * Whether a kept sitting is continued rather than a new quiz started: when there is no connection, or when the
 * sitting still has something on this device (its session's start or some of its answers not sent yet). Online with
 * everything sent, opening the chapter's quiz starts a new one, as it always has.
 */
export function shouldContinue(sitting: QuizSitting, device: { online: boolean; startWaiting: boolean; answerWaiting: (answerId: string) => boolean }): boolean {
  if (sitting.answers.length === 0 && sitting.skipped === 0) return false;
  return !device.online || device.startWaiting || sitting.answers.some((a) => device.answerWaiting(a.answerId));
}

/** The runner's starting point from a kept sitting, with the answers matched to the questions the quiz has now. */
export function restoreSitting(sitting: QuizSitting, questions: readonly Question[]): RestoredSitting {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: AnsweredQuestion[] = [];
  for (const saved of sitting.answers) {
    const question = byId.get(saved.questionId);
    if (!question) continue;
    answers.push({
      answerId: saved.answerId,
      question,
      answer: saved.answer,
      outcome: saved.outcome,
      ...(saved.check ? { check: saved.check } : {}),
      ...(saved.waited ? { waited: true } : {}),
    });
  }
  const finished = sitting.nextIndex >= questions.length;
  return {
    sessionId: sitting.sessionId,
    startIndex: Math.max(0, Math.min(sitting.nextIndex, questions.length - 1)),
    finished,
    skipped: sitting.skipped,
    seconds: sitting.seconds,
    answers,
  };
}

/** What is kept of the runner's answers (the question by its id). */
export function savedAnswers(answers: readonly AnsweredQuestion[]): SavedAnswer[] {
  return answers.map((a) => ({
    answerId: a.answerId,
    questionId: a.question.id,
    answer: a.answer,
    outcome: a.outcome,
    ...(a.check ? { check: a.check } : {}),
    ...(a.waited ? { waited: true } : {}),
  }));
}
