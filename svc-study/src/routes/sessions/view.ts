import type { QuizSession } from '@lp/contracts';
import type { QuizSessionDoc } from '../../models/quiz-session';

export function sessionView(doc: QuizSessionDoc): QuizSession {
  return {
    id: String(doc._id),
    userId: doc.userId,
    mode: doc.mode,
    topicId: doc.topicId ?? null,
    chapterId: doc.chapterId ?? null,
    subjectId: doc.subjectId ?? null,
    questionsCount: doc.questionsCount,
    questionsAnswered: doc.questionsAnswered,
    correctAnswers: doc.correctAnswers,
    timeSpent: doc.timeSpent,
    isPaused: doc.isPaused,
    currentQuestionIndex: doc.currentQuestionIndex,
    completed: doc.completed,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    completedAt: doc.completedAt ? doc.completedAt.toISOString() : null,
  };
}
