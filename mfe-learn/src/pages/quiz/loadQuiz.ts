/**
 * Turns a quiz URL into what the page shows: a ready quiz, an empty state, the upgrade dialog, a
 * sign-in prompt, a redirect or an error. No rendering here; the calls come in as `api` so the rules
 * can be tested without a network.
 */
import type { QuizMode } from '@lp/contracts';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { needsSubscription, quizApi, statusOf, type Question, type QuizSession } from './api.ts';
import { questionsLeft, resumeStart, sampleUrl, type QuizRequest } from './quizFlow.ts';
import { en, t } from '../../i18n/quiz/index.ts';
import { nameNow } from '../../i18n/names.ts';
import type { RestoredSitting } from '../../offline/quiz-sitting.ts';

export interface QuizPlan {
  mode: QuizMode;
  title: string;
  subtitle?: string;
  questions: Question[];
  chapterId: string | null;
  topicId: string | null;
  subjectId: string | null;
  /** The chapter's topics in order, for Next Topic (empty when unknown). */
  topics: { id: string; order: number }[];
  /** A paused or left session being resumed, and the question it continues at (the server's). */
  resume?: { session: QuizSession; startIndex: number };
  /** A chapter quiz continued from this device (reloaded offline mid-quiz: offline/quiz-sitting.ts). */
  sitting?: RestoredSitting;
}

export type EmptyKind = 'review' | 'mistakes' | 'questions';

export type QuizLoad =
  | { kind: 'ready'; plan: QuizPlan }
  | { kind: 'empty'; empty: EmptyKind }
  | { kind: 'upgrade'; chapterId: string | null }
  | { kind: 'signin' }
  | { kind: 'redirect'; to: string }
  | { kind: 'completed' }
  | { kind: 'error'; title: string; message: string };

export type QuizApi = Pick<
  typeof quizApi,
  'topicWithQuestions' | 'topic' | 'chapter' | 'chapterQuestions' | 'sampleQuestions' | 'chapterMistakes' | 'subjectMistakes' | 'reviewQueue' | 'subscriptionStatus' | 'session'
>;

export const MISTAKES_LOAD_FAILED = en['load.mistakesFailed'];

/** A free user without a trial left, by the subscription status (a missing status means the quiz is allowed, spec §9). */
async function mayTakeFullQuiz(api: QuizApi): Promise<boolean> {
  try {
    const status = await api.subscriptionStatus();
    return status.subscriptionStatus === 'active' || status.canTakeQuiz;
  } catch {
    return true;
  }
}

async function chapterOrNull(api: QuizApi, chapterId: string) {
  try {
    return await api.chapter(chapterId);
  } catch {
    return null;
  }
}

const NOT_FOUND = {
  Topic: { title: 'load.topicNotFound', message: 'load.topicGone' },
  Chapter: { title: 'load.chapterNotFound', message: 'load.chapterGone' },
} as const;

const loadFailed = (error: unknown, what: keyof typeof NOT_FOUND): QuizLoad =>
  statusOf(error) === 404
    ? { kind: 'error', title: t(NOT_FOUND[what].title), message: t(NOT_FOUND[what].message) }
    : { kind: 'error', title: t('quiz.loadFailed'), message: errorTextOf(error) };

const topicsOf = (chapter: { topics: { id: string; order: number }[] } | null) => (chapter ? chapter.topics.map(({ id, order }) => ({ id, order })) : []);

/** The questions of a topic quiz, with what its results screen needs. */
async function topicPlan(api: QuizApi, topicId: string): Promise<QuizLoad> {
  let topic;
  try {
    topic = await api.topicWithQuestions(topicId);
  } catch (error) {
    if (needsSubscription(error)) {
      const chapterId = await api.topic(topicId).then((t) => t.chapter.id, () => null);
      return { kind: 'upgrade', chapterId };
    }
    return loadFailed(error, 'Topic');
  }
  if (topic.questions.length === 0) return { kind: 'empty', empty: 'questions' };
  const chapter = await chapterOrNull(api, topic.chapter.id);
  return {
    kind: 'ready',
    plan: {
      mode: 'topic',
      title: nameNow(topic),
      subtitle: `${nameNow(topic.chapter.subject)} · ${nameNow(topic.chapter)}`,
      questions: topic.questions,
      chapterId: topic.chapter.id,
      topicId: topic.id,
      subjectId: topic.chapter.subject.id,
      topics: topicsOf(chapter),
    },
  };
}

async function fullChapterPlan(api: QuizApi, chapterId: string, topicId: string | null): Promise<QuizLoad> {
  let questions: Question[];
  const chapterCall = chapterOrNull(api, chapterId);
  try {
    questions = await api.chapterQuestions(chapterId);
  } catch (error) {
    if (needsSubscription(error)) return { kind: 'upgrade', chapterId };
    return loadFailed(error, 'Chapter');
  }
  if (questions.length === 0) return { kind: 'empty', empty: 'questions' };
  const chapter = await chapterCall;
  return {
    kind: 'ready',
    plan: {
      mode: 'full',
      title: chapter ? t('load.fullTitle', { name: nameNow(chapter) }) : t('load.full'),
      subtitle: chapter ? nameNow(chapter.subject) : undefined,
      questions,
      chapterId,
      topicId,
      subjectId: chapter?.subject.id ?? null,
      topics: topicsOf(chapter),
    },
  };
}

async function mistakesPlan(api: QuizApi, scope: { chapterId: string } | { subjectId: string }): Promise<QuizLoad> {
  let questions: Question[];
  const chapterId = 'chapterId' in scope ? scope.chapterId : null;
  const chapterCall = chapterId ? chapterOrNull(api, chapterId) : Promise.resolve(null);
  try {
    questions = 'chapterId' in scope ? await api.chapterMistakes(scope.chapterId) : await api.subjectMistakes(scope.subjectId);
  } catch (error) {
    if (needsSubscription(error)) return { kind: 'upgrade', chapterId };
    return { kind: 'error', title: t('load.mistakesUnavailable'), message: t('load.mistakesFailed') };
  }
  if (questions.length === 0) return { kind: 'empty', empty: 'mistakes' };
  const chapter = await chapterCall;
  return {
    kind: 'ready',
    plan: {
      mode: 'chapterId' in scope ? 'mistakes' : 'subject-mistakes',
      title: chapter ? t('load.mistakesTitle', { name: nameNow(chapter) }) : t('load.mistakes'),
      subtitle: chapter ? nameNow(chapter.subject) : t('load.subjectMistakesSubtitle'),
      questions,
      chapterId,
      topicId: null,
      subjectId: 'subjectId' in scope ? scope.subjectId : (chapter?.subject.id ?? null),
      topics: topicsOf(chapter),
    },
  };
}

async function reviewPlan(api: QuizApi): Promise<QuizLoad> {
  let questions: Question[];
  try {
    questions = await api.reviewQueue();
  } catch (error) {
    if (needsSubscription(error)) return { kind: 'upgrade', chapterId: null };
    return { kind: 'error', title: t('load.reviewFailed'), message: errorTextOf(error) };
  }
  if (questions.length === 0) return { kind: 'empty', empty: 'review' };
  return {
    kind: 'ready',
    plan: {
      mode: 'review',
      title: t('load.review'),
      subtitle: t('load.reviewSubtitle'),
      questions,
      chapterId: null,
      topicId: null,
      subjectId: null,
      topics: [],
    },
  };
}

async function samplePlan(api: QuizApi, chapterId: string, topicId?: string): Promise<QuizLoad> {
  let questions: Question[];
  const chapterCall = chapterOrNull(api, chapterId);
  try {
    questions = await api.sampleQuestions(chapterId, topicId);
  } catch (error) {
    return loadFailed(error, 'Chapter');
  }
  if (questions.length === 0) return { kind: 'empty', empty: 'questions' };
  const chapter = await chapterCall;
  return {
    kind: 'ready',
    plan: {
      mode: 'sample',
      title: t('load.sample'),
      subtitle: chapter ? t('load.sampleSubtitle', { subject: nameNow(chapter.subject), chapter: nameNow(chapter) }) : t('load.sampleSubtitleShort'),
      questions,
      chapterId,
      topicId: topicId ?? null,
      subjectId: chapter?.subject.id ?? null,
      topics: [],
    },
  };
}

async function resumePlan(api: QuizApi, sessionId: string): Promise<QuizLoad> {
  let session: QuizSession;
  try {
    session = await api.session(sessionId);
  } catch (error) {
    return statusOf(error) === 404
      ? { kind: 'error', title: t('load.quizNotFound'), message: t('load.pausedGone') }
      : { kind: 'error', title: t('quiz.loadFailed'), message: errorTextOf(error) };
  }
  if (session.completed) return { kind: 'completed' };
  let loaded: QuizLoad;
  switch (session.mode) {
    case 'topic':
      loaded = session.topicId ? await topicPlan(api, session.topicId) : { kind: 'empty', empty: 'questions' };
      break;
    case 'full':
      loaded = session.chapterId ? await fullChapterPlan(api, session.chapterId, session.topicId) : { kind: 'empty', empty: 'questions' };
      break;
    case 'mistakes':
      loaded = session.chapterId ? await mistakesPlan(api, { chapterId: session.chapterId }) : { kind: 'empty', empty: 'mistakes' };
      break;
    case 'subject-mistakes':
      loaded = session.subjectId ? await mistakesPlan(api, { subjectId: session.subjectId }) : { kind: 'empty', empty: 'mistakes' };
      break;
    case 'review':
      loaded = await reviewPlan(api);
      break;
  }
  if (loaded.kind !== 'ready') return loaded;
  const plan = { ...loaded.plan, questions: questionsLeft(loaded.plan.mode, loaded.plan.questions, session.answeredQuestionIds) };
  return {
    kind: 'ready',
    plan: { ...plan, resume: { session, startIndex: resumeStart(plan.mode, session.resumeQuestionIndex, plan.questions.length) } },
  };
}

/**
 * What to show for a quiz request. `signedIn` is false for visitors: they get sample quizzes
 * (a topic or chapter link becomes that chapter's sample) and a sign-in prompt for the rest.
 */
export async function loadQuiz(request: QuizRequest, signedIn: boolean, api: QuizApi = quizApi): Promise<QuizLoad> {
  if (request.kind === 'invalid') return { kind: 'error', title: t('load.quizNotFound'), message: request.reason };
  if (request.kind === 'sample') return samplePlan(api, request.chapterId, request.topicId);
  if (!signedIn) {
    if (request.kind === 'full') return { kind: 'redirect', to: sampleUrl(request.chapterId) };
    if (request.kind === 'topic') {
      try {
        const topic = await api.topic(request.topicId);
        return { kind: 'redirect', to: sampleUrl(topic.chapter.id, topic.id) };
      } catch (error) {
        return loadFailed(error, 'Topic');
      }
    }
    return { kind: 'signin' };
  }
  switch (request.kind) {
    case 'topic':
      if (!(await mayTakeFullQuiz(api))) {
        const chapterId = await api.topic(request.topicId).then((t) => t.chapter.id, () => null);
        return { kind: 'upgrade', chapterId };
      }
      return topicPlan(api, request.topicId);
    case 'full':
      if (!(await mayTakeFullQuiz(api))) return { kind: 'upgrade', chapterId: request.chapterId };
      return fullChapterPlan(api, request.chapterId, request.topicId ?? null);
    case 'mistakes':
      return mistakesPlan(api, { chapterId: request.chapterId });
    case 'subject-mistakes':
      return mistakesPlan(api, { subjectId: request.subjectId });
    case 'review':
      return reviewPlan(api);
    case 'resume':
      return resumePlan(api, request.sessionId);
  }
}
