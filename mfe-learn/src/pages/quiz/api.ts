/**
 * The quiz runner's calls, typed from the contracts (packages/contracts/src/{content,study}.ts).
 * Question data never carries a correct answer or an explanation: those come back from POST /api/answers.
 */
import {
  CompleteSession,
  CreateSession,
  DeleteSession,
  GetChapter,
  GetChapterMistakes,
  GetChapterQuestions,
  GetChapterTopics,
  GetQuizSession,
  GetReviewQueue,
  GetSampleQuestions,
  GetSubjectMistakes,
  GetSubscriptionStatus,
  GetTopic,
  GetTopicWithQuestions,
  PauseSession,
  ResumeSession,
  SubmitAnswer,
  type BodyOf,
  type ReplyOf,
} from '@lp/contracts/urls';
import { errorCodeOf, statusOf } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { getQueryClient } from '@lp/web-platform/query';
import { learnKeys } from '../../api/index.ts';

export type Question = ReplyOf<typeof GetChapterQuestions>[number];
export type QuizSession = ReplyOf<typeof GetQuizSession>;
export type SubscriptionStatus = ReplyOf<typeof GetSubscriptionStatus>;
export type AnswerBody = BodyOf<typeof SubmitAnswer>;
export type AnswerResult = ReplyOf<typeof SubmitAnswer>;
export type CreateSessionBody = BodyOf<typeof CreateSession>;
export type PauseSessionBody = BodyOf<typeof PauseSession>;
export type CompleteSessionBody = BodyOf<typeof CompleteSession>;
export type Chapter = ReplyOf<typeof GetChapter>;
export type ChapterTopic = ReplyOf<typeof GetChapterTopics>[number];
export type TopicWithQuestions = ReplyOf<typeof GetTopicWithQuestions>;
export type Topic = ReplyOf<typeof GetTopic>;

export const quizApi = {
  topicWithQuestions: (id: string) => getRoute(GetTopicWithQuestions, { id }),
  topic: (id: string) => getRoute(GetTopic, { id }),
  chapter: (id: string) => getRoute(GetChapter, { id }),
  chapterTopics: (id: string) => getRoute(GetChapterTopics, { id }),
  chapterQuestions: (id: string) => getRoute(GetChapterQuestions, { id }),
  sampleQuestions: (chapterId: string, topicId?: string) => getRoute(GetSampleQuestions, { chapterId }, topicId ? { topicId } : {}),
  chapterMistakes: (chapterId: string) => getRoute(GetChapterMistakes, { chapterId }),
  subjectMistakes: (subjectId: string) => getRoute(GetSubjectMistakes, { subjectId }),
  reviewQueue: (): Promise<Question[]> => getRoute(GetReviewQueue, undefined, {}),
  subscriptionStatus: () => getRoute(GetSubscriptionStatus),
  session: (id: string) => getRoute(GetQuizSession, { id }),
  createSession: (body: CreateSessionBody) => sendRoute(CreateSession, undefined, body).then(changedStudyData),
  pauseSession: (id: string, body: PauseSessionBody) => sendRoute(PauseSession, { id }, body).then(changedStudyData),
  resumeSession: (id: string) => sendRoute(ResumeSession, { id }).then(changedStudyData),
  completeSession: (id: string, body: CompleteSessionBody) => sendRoute(CompleteSession, { id }, body).then(changedStudyData),
  deleteSession: (id: string) => sendRoute(DeleteSession, { id }).then(changedStudyData),
  submitAnswer: (body: AnswerBody) => sendRoute(SubmitAnswer, undefined, body),
};

/**
 * A session started, paused, resumed, completed or deleted: the dashboard's cached study data (paused
 * session, trial left, progress, history, mistakes, stats, recall) is out of date. Refetched when next shown.
 */
function changedStudyData<T>(reply: T): T {
  const client = getQueryClient();
  for (const key of [learnKeys.pausedSession, learnKeys.quizToContinue, learnKeys.subscriptionStatus, learnKeys.progressAll, learnKeys.sessionStats, learnKeys.studyDays, learnKeys.mistakesAll, learnKeys.recall, ['/api/chapter/history']]) {
    void client.invalidateQueries({ queryKey: key });
  }
  return reply;
}

// Failed calls are typed `ApiError {status, code, message, body}` (@lp/web-platform): read the fields.
export { errorCodeOf, statusOf } from '@lp/web-platform';
export { retryAfterOf } from '@lp/web-platform/call-details';

/** Codes the services answer when a free user may not take a full quiz (study: NOT_ENTITLED). */
const SUBSCRIPTION_CODES = new Set(['NOT_ENTITLED', 'SUBSCRIPTION_REQUIRED']);

/** A 403 that means "subscribe (or try a sample)": shows the upgrade dialog rather than an error. */
export function needsSubscription(error: unknown): boolean {
  return statusOf(error) === 403 && SUBSCRIPTION_CODES.has(errorCodeOf(error) ?? '');
}
