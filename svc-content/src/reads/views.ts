// Stored documents → the contracts' response shapes. Ids become strings; a learner's question view has no
// correctAnswer and no explanation (the Question contract has neither, and the queries do not load them).
import type { ChapterSummary, ClassName, Question, SubjectRef, Topic, TopicSummary } from '@lp/contracts';
import { hindiNameOf as hindiName, hindiTopicOf as hindiTopic } from '../domain/hindi';
import type { ChapterDoc } from '../models/chapter';
import type { SubjectDoc } from '../models/subject';
import type { TopicDoc } from '../models/topic';
import type { PublicQuestionDoc } from '../repositories/catalogue';


export const subjectRef = (s: SubjectDoc): SubjectRef => ({ id: String(s._id), name: s.name, className: s.className as ClassName, ...hindiName(s.hi) });

export const topicSummary = (t: Pick<TopicDoc, '_id' | 'name' | 'order' | 'questionCount' | 'hi'>): TopicSummary => ({
  id: String(t._id), name: t.name, ...hindiTopic(t.hi), order: t.order, questionCount: t.questionCount,
});

export const chapterSummary = (c: ChapterDoc, topics: TopicDoc[]): ChapterSummary => ({
  id: String(c._id), name: c.name, ...hindiName(c.hi), order: c.order, questionCount: c.questionCount, topics: topics.map(topicSummary),
});

export const topicView = (t: TopicDoc, chapter: ChapterDoc, subject: SubjectDoc): Topic => ({
  id: String(t._id),
  name: t.name,
  description: t.description ?? '',
  ...hindiTopic(t.hi),
  order: t.order,
  questionCount: t.questionCount,
  easyPercentage: t.easyPercentage,
  hardPercentage: t.hardPercentage,
  questionCountByType: {
    multiple_choice: t.questionCountByType?.multiple_choice ?? 0,
    true_false: t.questionCountByType?.true_false ?? 0,
    short_answer: t.questionCountByType?.short_answer ?? 0,
  },
  chapter: { id: String(chapter._id), name: chapter.name, ...hindiName(chapter.hi), subject: subjectRef(subject) },
});

export const questionView = (q: PublicQuestionDoc): Question => ({
  id: String(q._id),
  topicId: String(q.topicId),
  chapterId: String(q.chapterId),
  question: q.question,
  type: q.type,
  options: q.options ?? [],
  difficulty: q.difficulty,
  figureReference: q.figureReference ?? null,
  // Only the Hindi question and options: the Hindi key and explanation stay on the server, as the English ones do.
  ...(q.hi?.question ? { hi: { question: q.hi.question, options: q.hi.options ?? [] } } : {}),
});
