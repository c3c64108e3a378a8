/**
 * Pure rules of the quiz flow: which quiz a URL asks for, where a resumed quiz continues, the
 * next topic, and the session numbers a pause sends.
 */
import type { QuizMode } from '@lp/contracts';
import { t } from '../../i18n/quiz/index.ts';

/** What `/quiz/{id}` (with its query) or `/quiz/chapter/{chapterId}` asks for. */
export type QuizRequest =
  | { kind: 'sample'; chapterId: string; topicId?: string }
  | { kind: 'topic'; topicId: string }
  | { kind: 'full'; chapterId: string; topicId?: string }
  | { kind: 'mistakes'; chapterId: string }
  | { kind: 'subject-mistakes'; subjectId: string }
  | { kind: 'review' }
  | { kind: 'resume'; sessionId: string }
  | { kind: 'invalid'; reason: string };

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
const isId = (value: string | null | undefined): value is string => !!value && OBJECT_ID.test(value);

/**
 * Reads the route. `params.chapterId` is set on `/quiz/chapter/{chapterId}`; `params.id` on `/quiz/{id}`.
 * Query: resume (session id), chapter (chapter id), type (full or mistakes), subject (subject id), topic.
 */
export function quizRequestOf(params: { id?: string; chapterId?: string }, search: URLSearchParams): QuizRequest {
  const resume = search.get('resume');
  if (resume) return isId(resume) ? { kind: 'resume', sessionId: resume } : { kind: 'invalid', reason: t('link.quizInvalid') };
  if (params.chapterId !== undefined) {
    return isId(params.chapterId) ? { kind: 'full', chapterId: params.chapterId } : { kind: 'invalid', reason: t('link.chapterInvalid') };
  }
  const id = params.id ?? '';
  const chapter = search.get('chapter');
  const subject = search.get('subject');
  const topic = search.get('topic');
  const type = search.get('type');
  if (id === 'review') return { kind: 'review' };
  if (id === 'subject-mistakes') {
    return isId(subject) ? { kind: 'subject-mistakes', subjectId: subject } : { kind: 'invalid', reason: t('link.chooseSubject') };
  }
  if (id === 'sample') {
    if (!isId(chapter)) return { kind: 'invalid', reason: t('link.chooseSampleChapter') };
    return isId(topic) ? { kind: 'sample', chapterId: chapter, topicId: topic } : { kind: 'sample', chapterId: chapter };
  }
  if (type === 'mistakes') {
    return isId(chapter) ? { kind: 'mistakes', chapterId: chapter } : { kind: 'invalid', reason: t('link.chooseMistakesChapter') };
  }
  if (type === 'full' || (isId(chapter) && !isId(id))) {
    if (!isId(chapter)) return { kind: 'invalid', reason: t('link.chooseFullChapter') };
    return isId(id) ? { kind: 'full', chapterId: chapter, topicId: id } : { kind: 'full', chapterId: chapter };
  }
  return isId(id) ? { kind: 'topic', topicId: id } : { kind: 'invalid', reason: t('link.quizInvalid') };
}

/** The contract's quiz mode of a request (resume and invalid have none until the session is read). */
export function modeOf(request: QuizRequest): QuizMode | null {
  return request.kind === 'resume' || request.kind === 'invalid' ? null : request.kind;
}

/** Where a resumed quiz continues: the saved index, kept inside the question list (0 for an empty list). */
export function resumeIndex(savedIndex: number, questionCount: number): number {
  if (questionCount <= 0 || !Number.isFinite(savedIndex)) return 0;
  return Math.min(Math.max(0, Math.floor(savedIndex)), questionCount - 1);
}

/**
 * Where a resumed quiz starts. Topic and full chapter quizzes have a fixed question list: continue at
 * the index the server decided from the answers it recorded (`resumeQuestionIndex`, issue 31 §6), not
 * one the runner remembered. Mistake and spaced-review lists are "what is left to do" (a right answer
 * removes a mistake, every answer moves a question's review date), so they start again at the top of
 * what `questionsLeft` keeps.
 */
export function resumeStart(mode: QuizMode, serverIndex: number, questionCount: number): number {
  return mode === 'topic' || mode === 'full' ? resumeIndex(serverIndex, questionCount) : 0;
}

/**
 * The questions a resumed mistake or spaced-review quiz still shows: those the server has no answer for in this
 * session (an answer given again would only be practice). Fixed lists (topic, full) keep every question, so the
 * numbering stays "Question 7 of 20". When the server has answers for all of them, the list is kept whole.
 */
export function questionsLeft<Q extends { id: string }>(mode: QuizMode, questions: readonly Q[], answeredQuestionIds: readonly string[]): Q[] {
  if (mode === 'topic' || mode === 'full') return [...questions];
  const answered = new Set(answeredQuestionIds);
  const left = questions.filter((q) => !answered.has(q.id));
  return left.length > 0 ? left : [...questions];
}

/** The topic after `currentTopicId` in chapter order, wrapping to the first after the last. */
export function nextTopicId(topics: readonly { id: string; order: number }[], currentTopicId: string): string | null {
  if (topics.length === 0) return null;
  const ordered = [...topics].sort((a, b) => a.order - b.order);
  const at = ordered.findIndex((t) => t.id === currentTopicId);
  return ordered[(at + 1) % ordered.length]!.id;
}

/**
 * The index a pause saves: the current question, or the next one when the current question has
 * already been submitted (its answer is recorded; resuming shows the next question).
 */
export function pauseIndex(currentIndex: number, currentSubmitted: boolean, questionCount: number): number {
  const next = currentSubmitted ? currentIndex + 1 : currentIndex;
  return Math.min(next, Math.max(0, questionCount - 1));
}

/** A sample quiz of a chapter, optionally of one of its topics (`topic`, the test quiz page's topics). */
export function sampleUrl(chapterId: string, topicId?: string): string {
  const search = new URLSearchParams({ chapter: chapterId });
  if (topicId) search.set('topic', topicId);
  return `/quiz/sample?${search.toString()}`;
}
