/**
 * Where each quiz starts: the `/quiz/...` URLs the dashboard, topic and test pages link to, and that
 * the quiz runner reads (spec §2: /quiz/{id} with resume, chapter, type (full or mistakes) and subject;
 * the special ids review, subject-mistakes and sample; /quiz/chapter/{chapterId}).
 */
import type { QuizSession } from '@lp/contracts';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
};

export const quizLinks = {
  /** A topic quiz (free users: the quiz page offers the sample or a subscription). */
  topic: (topicId: string) => `/quiz/${encodeURIComponent(topicId)}`,
  /** The full chapter quiz. */
  fullChapter: (chapterId: string) => `/quiz/chapter/${encodeURIComponent(chapterId)}`,
  /** 10 random questions of a chapter (or of one of its topics), for everyone; nothing is recorded. */
  sample: (chapterId: string, topicId?: string) => withQuery('/quiz/sample', { chapter: chapterId, topic: topicId }),
  /** One chapter's mistakes, started from its first topic (spec §2). */
  chapterMistakes: (firstTopicId: string, chapterId: string) =>
    withQuery(`/quiz/${encodeURIComponent(firstTopicId)}`, { chapter: chapterId, type: 'mistakes' }),
  /** A whole subject's mistakes. */
  subjectMistakes: (subjectId: string) => withQuery('/quiz/subject-mistakes', { subject: subjectId }),
  /** Questions due for spaced review. */
  review: () => '/quiz/review',
  /**
   * Continue a paused session where the learner stopped. `firstTopicId` is the first topic of the
   * session's chapter, for sessions that are not tied to one topic (full chapter and mistakes).
   */
  resume(session: QuizSession, firstTopicId?: string): string {
    if (session.mode === 'review') return withQuery('/quiz/review', { resume: session.id });
    if (session.mode === 'subject-mistakes') {
      return withQuery('/quiz/subject-mistakes', { resume: session.id, subject: session.subjectId ?? undefined });
    }
    const topicId = session.topicId ?? firstTopicId;
    if (!topicId) return withQuery(`/quiz/chapter/${encodeURIComponent(session.chapterId ?? '')}`, { resume: session.id });
    return withQuery(`/quiz/${encodeURIComponent(topicId)}`, {
      resume: session.id,
      chapter: session.chapterId ?? undefined,
      type: session.mode === 'full' || session.mode === 'mistakes' ? session.mode : undefined,
    });
  },
  /** Where Retake goes once the paused session is deleted: the full chapter quiz (spec §4). */
  retake(session: QuizSession): string {
    if (session.chapterId) return quizLinks.fullChapter(session.chapterId);
    if (session.mode === 'subject-mistakes' && session.subjectId) return quizLinks.subjectMistakes(session.subjectId);
    if (session.mode === 'review') return quizLinks.review();
    return session.topicId ? quizLinks.topic(session.topicId) : '/dashboard';
  },
};
