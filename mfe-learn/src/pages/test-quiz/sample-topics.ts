/**
 * The demo topics the test quiz and simple quiz pages offer. Ids differ in every fresh database, so
 * they are found by name in the subjects list; when a name is gone (content was re-uploaded), the first
 * topic with questions of the same subject stands in.
 */
import type { ClassName, SubjectWithChapters } from '@lp/contracts';
import type { Named } from '../../i18n/names.ts';

export interface SampleTopicSpec {
  className: ClassName;
  subjectName: string;
  topicName: string;
}

export interface SampleTopic {
  id: string;
  name: string;
  subjectName: string;
  className: ClassName;
  chapterId: string;
  chapterName: string;
  questionCount: number;
  /** The topic, subject and chapter with their Hindi names where the catalogue has them (shown in Hindi). */
  names: { topic: Named; subject: Named; chapter: Named };
}

export const TEST_QUIZ_TOPICS: readonly SampleTopicSpec[] = [
  { className: 'CBSE Class 12', subjectName: 'Biology', topicName: "Mendel's Laws and Deviations from Them" },
  { className: 'CBSE Class 12', subjectName: 'Physics', topicName: "Electric Charge and Coulomb's Law" },
  { className: 'CBSE Class 10', subjectName: 'Science', topicName: 'Nutrition and Respiration' },
];

export const SIMPLE_QUIZ_TOPIC: SampleTopicSpec = {
  className: 'CBSE Class 12',
  subjectName: 'Biology',
  topicName: 'Origin of Life and Evidence for Evolution',
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function resolveSampleTopic(subjects: readonly SubjectWithChapters[], spec: SampleTopicSpec): SampleTopic | null {
  const subject = subjects.find((s) => s.className === spec.className && same(s.name, spec.subjectName));
  if (!subject) return null;
  const candidates = subject.chapters.flatMap((chapter) => chapter.topics.map((topic) => ({ chapter, topic })));
  const found =
    candidates.find(({ topic }) => same(topic.name, spec.topicName) && topic.questionCount > 0) ??
    candidates.find(({ topic }) => topic.questionCount > 0);
  if (!found) return null;
  return {
    id: found.topic.id,
    name: found.topic.name,
    subjectName: subject.name,
    className: subject.className,
    chapterId: found.chapter.id,
    chapterName: found.chapter.name,
    questionCount: found.topic.questionCount,
    names: { topic: found.topic, subject, chapter: found.chapter },
  };
}

/** The topics found, in the order asked, without duplicates. */
export function resolveSampleTopics(subjects: readonly SubjectWithChapters[], specs: readonly SampleTopicSpec[]): SampleTopic[] {
  const topics: SampleTopic[] = [];
  for (const spec of specs) {
    const topic = resolveSampleTopic(subjects, spec);
    if (topic && !topics.some((t) => t.id === topic.id)) topics.push(topic);
  }
  return topics;
}
