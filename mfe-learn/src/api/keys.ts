/**
 * Query keys of learn's server data. The first part is the call's path, so the platform's default
 * query function (key parts joined with '/') would fetch the same thing. Other remotes invalidate
 * with these (e.g. the quiz runner after completing a quiz: `learnKeys.progressAll`).
 */
export const learnKeys = {
  subjects: (className: string) => ['/api/subjects/with-chapters', { className }] as const,
  chapter: (id: string) => ['/api/chapters', id] as const,
  chapterTopics: (id: string) => ['/api/chapters', id, 'topics'] as const,
  topic: (id: string) => ['/api/topics', id] as const,
  downloads: (className: string, subjectName: string) => ['/api/downloads', { className, subjectName }] as const,
  progressAll: ['/api/chapters/progress/batch'] as const,
  progressBatch: (chapterIds: readonly string[]) => ['/api/chapters/progress/batch', [...chapterIds].sort()] as const,
  chapterHistory: (chapterId: string) => ['/api/chapter/history', { chapterId }] as const,
  pausedSession: ['/api/sessions/paused'] as const,
  quizToContinue: ['/api/sessions/continue'] as const,
  sessionStats: ['/api/sessions/stats'] as const,
  studyDays: ['/api/study-days'] as const,
  subscriptionStatus: ['/api/subscription/status'] as const,
  mistakesAll: ['/api/mistakes'] as const,
  mistakesByChapter: (subjectId: string) => ['/api/mistakes', 'by-chapter', { subjectId }] as const,
  mistakeTotal: ['/api/mistakes', 'total'] as const,
  sessionIncorrect: (sessionId: string) => ['/api/sessions', sessionId, 'incorrect-questions'] as const,
  flagNotices: ['/api/question-flags/notices'] as const,
  recall: ['/api/recall'] as const,
};
