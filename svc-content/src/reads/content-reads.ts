// The read side: every query the read routes and the RPC answers need. Learner-facing queries project out
// correctAnswer and explanation; only the answer-key RPC and the study-material downloads load them.
import type { AnswerKey, ChapterSummary, ClassName, DownloadFile, Question, RpcRequest, RpcResponse, SubjectWithChapters, Topic, UploadTree } from '@lp/contracts';
import { notFound } from '@lp/service-kit';
import mongoose, { type Types } from 'mongoose';
import { SAMPLE_SIZE, pickRandom } from '../domain/sampling';
import type { ContentModels } from '../models';
import type { ChapterDoc } from '../models/chapter';
import { PUBLIC_QUESTION_FIELDS } from '../models/question';
import type { SubjectDoc } from '../models/subject';
import type { TopicDoc } from '../models/topic';
import { chapterSummary, questionView, subjectRef, topicSummary, topicView, type PublicQuestionDoc } from './views';

const anyOf = <T>(values: T[]) => mongoose.trusted({ $in: values });

/** The chapter files the downloads page offers (spec §2, §9): Class XII Biology. */
export const DOWNLOADABLE: ReadonlyArray<{ className: ClassName; subjectName: string }> = [{ className: 'CBSE Class 12', subjectName: 'Biology' }];

export class ContentReads {
  constructor(private readonly m: ContentModels) {}

  async subjectsWithChapters(className: ClassName): Promise<SubjectWithChapters[]> {
    const subjects = await this.m.Subject.find({ className }).sort({ order: 1, name: 1 }).lean<SubjectDoc[]>();
    if (subjects.length === 0) return [];
    const chapters = await this.m.Chapter.find({ subjectId: anyOf(subjects.map((s) => s._id)) }).sort({ order: 1, name: 1 }).lean<ChapterDoc[]>();
    const topics = await this.topicsOf(chapters.map((c) => c._id));
    return subjects.map((s) => ({
      ...subjectRef(s),
      ...(s.comingSoon ? { comingSoon: true } : {}),
      chapters: chapters.filter((c) => c.subjectId.equals(s._id)).map((c) => chapterSummary(c, topics.filter((t) => t.chapterId.equals(c._id)))),
    }));
  }

  async chapter(id: string) {
    const chapter = await this.chapterDoc(id);
    const [subject, topics] = await Promise.all([this.subjectDoc(chapter.subjectId), this.topicsOf([chapter._id])]);
    const summary: ChapterSummary = chapterSummary(chapter, topics);
    return { ...summary, subject: subjectRef(subject), topics: topics.map(topicSummary) };
  }

  async chapterTopics(id: string): Promise<Topic[]> {
    const chapter = await this.chapterDoc(id);
    const [subject, topics] = await Promise.all([this.subjectDoc(chapter.subjectId), this.topicsOf([chapter._id])]);
    return topics.map((t) => topicView(t, chapter, subject));
  }

  async topic(id: string): Promise<Topic> {
    const topic = await this.m.Topic.findById(id).lean<TopicDoc>();
    if (!topic) throw notFound('Topic');
    const chapter = await this.chapterDoc(topic.chapterId);
    return topicView(topic, chapter, await this.subjectDoc(chapter.subjectId));
  }

  /** A topic's questions in order (callers check the topic exists and the learner's entitlement first). */
  async topicQuestions(topicId: string): Promise<Question[]> {
    const questions = await this.m.Question.find({ topicId }, PUBLIC_QUESTION_FIELDS).sort({ order: 1, _id: 1 }).lean<PublicQuestionDoc[]>();
    return questions.map(questionView);
  }

  /** Every question of a chapter, topic by topic in order. */
  async chapterQuestions(id: string): Promise<Question[]> {
    const chapter = await this.chapterDoc(id);
    const topics = await this.topicsOf([chapter._id]);
    const topicRank = new Map(topics.map((t, i) => [String(t._id), i]));
    const questions = await this.m.Question.find({ chapterId: chapter._id }, PUBLIC_QUESTION_FIELDS).lean<(PublicQuestionDoc & { order: number })[]>();
    questions.sort((a, b) => (topicRank.get(String(a.topicId)) ?? 0) - (topicRank.get(String(b.topicId)) ?? 0) || a.order - b.order || String(a._id).localeCompare(String(b._id)));
    return questions.map(questionView);
  }

  /** A quiz's question set for svc-study: the ids of a topic's or a chapter's questions, with its chapter and subject. */
  async quizQuestions(target: { topicId: string } | { chapterId: string }) {
    const missing = { found: false, questionIds: [], chapterId: null, subjectId: null };
    if ('topicId' in target) {
      const topic = await this.m.Topic.findById(target.topicId).lean<TopicDoc>();
      if (!topic) return missing;
      const chapter = await this.chapterDoc(topic.chapterId);
      const ids = await this.m.Question.find({ topicId: topic._id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
      return { found: true, questionIds: ids.map((q) => String(q._id)), chapterId: String(chapter._id), subjectId: String(chapter.subjectId) };
    }
    const chapter = await this.m.Chapter.findById(target.chapterId).lean<ChapterDoc>();
    if (!chapter) return missing;
    const ids = await this.m.Question.find({ chapterId: chapter._id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    return { found: true, questionIds: ids.map((q) => String(q._id)), chapterId: String(chapter._id), subjectId: String(chapter.subjectId) };
  }

  /** Up to 10 distinct random questions of a chapter, or of one of its topics. */
  async sample(chapterId: string, topicId?: string): Promise<Question[]> {
    const chapter = await this.chapterDoc(chapterId);
    if (topicId && !(await this.m.Topic.exists({ _id: topicId, chapterId: chapter._id }))) throw notFound('Topic of this chapter');
    const ids = await this.m.Question.find(topicId ? { topicId } : { chapterId: chapter._id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    const picked = pickRandom(ids.map((q) => q._id), SAMPLE_SIZE);
    if (picked.length === 0) return [];
    const questions = await this.m.Question.find({ _id: anyOf(picked) }, PUBLIC_QUESTION_FIELDS).lean<PublicQuestionDoc[]>();
    const rank = new Map(picked.map((id, i) => [String(id), i]));
    return questions.sort((a, b) => (rank.get(String(a._id)) ?? 0) - (rank.get(String(b._id)) ?? 0)).map(questionView);
  }

  async downloads(query: { className?: ClassName; subjectName?: string }): Promise<DownloadFile[]> {
    const className = query.className ?? DOWNLOADABLE[0]!.className;
    const subjectName = query.subjectName ?? DOWNLOADABLE[0]!.subjectName;
    if (!isDownloadable(className, subjectName)) return [];
    const subject = await this.m.Subject.findOne({ className, name: subjectName }).lean<SubjectDoc>();
    if (!subject) return [];
    const chapters = await this.m.Chapter.find({ subjectId: subject._id }).sort({ order: 1, name: 1 }).lean<ChapterDoc[]>();
    return chapters.filter((c) => c.questionCount > 0).map((c) => ({
      filename: `${c.slug}.json`, className, subjectName: subject.name, chapterName: c.name, questionCount: c.questionCount,
    }));
  }

  /**
   * A chapter file in the upload format, answers included. The file name is looked up among the published
   * chapters' slugs (never joined into a path), and only downloadable subjects' chapters with questions match.
   */
  async downloadFile(filename: string): Promise<{ filename: string; tree: UploadTree }> {
    const slug = filename.endsWith('.json') ? filename.slice(0, -'.json'.length) : '';
    const chapter = slug ? await this.m.Chapter.findOne({ slug }).lean<ChapterDoc>() : null;
    const subject = chapter ? await this.m.Subject.findById(chapter.subjectId).lean<SubjectDoc>() : null;
    if (!chapter || !subject || chapter.questionCount === 0 || !isDownloadable(subject.className, subject.name)) throw notFound(`Chapter file ${filename}`);
    const topics = await this.topicsOf([chapter._id]);
    const questions = await this.m.Question.find({ chapterId: chapter._id }).sort({ order: 1, _id: 1 }).lean();
    const tree: UploadTree = {
      className: subject.className as ClassName,
      subjects: [{
        name: subject.name,
        chapters: [{
          name: chapter.name,
          ...(chapter.number ? { number: chapter.number } : {}),
          topics: topics.map((t) => ({
            name: t.name,
            description: t.description,
            questions: questions.filter((q) => q.topicId.equals(t._id)).map((q) => ({
              question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer,
              explanation: q.explanation, difficulty: q.difficulty, figureReference: q.figureReference ?? null,
            })),
          })),
        }],
      }],
    };
    return { filename: `${chapter.slug}.json`, tree };
  }

  /** For svc-study and svc-challenge (content.rpc.answerKeys): unknown ids are left out. */
  async answerKeys(questionIds: string[]): Promise<AnswerKey[]> {
    // One `_id` equality lookup per id: FerretDB on SQLite executes `_id: {$in}` as a full collection scan,
    // and concurrent scans from a quiz in progress queue up past the callers' RPC timeout.
    const found = await Promise.all([...new Set(questionIds)].map((id) => this.m.Question.findById(id).lean()));
    const questions = found.filter((q): q is NonNullable<typeof q> => q !== null);
    return questions.map((q) => ({
      questionId: String(q._id), chapterId: String(q.chapterId), topicId: String(q.topicId), subjectId: String(q.subjectId),
      type: q.type, question: q.question, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation,
      difficulty: q.difficulty, figureReference: q.figureReference ?? null,
    }));
  }

  async subjectExists(request: RpcRequest<'content.rpc.subjectExists'>): Promise<RpcResponse<'content.rpc.subjectExists'>> {
    const subject = 'subjectId' in request
      ? await this.m.Subject.findById(request.subjectId).lean<SubjectDoc>()
      : await this.m.Subject.findOne({ name: request.subjectName, ...(request.className ? { className: request.className } : {}) }).lean<SubjectDoc>();
    return subject ? { exists: true, subjectId: String(subject._id) } : { exists: false };
  }

  private async chapterDoc(id: string | Types.ObjectId): Promise<ChapterDoc> {
    const chapter = await this.m.Chapter.findById(id).lean<ChapterDoc>();
    if (!chapter) throw notFound('Chapter');
    return chapter;
  }

  private async subjectDoc(id: Types.ObjectId): Promise<SubjectDoc> {
    const subject = await this.m.Subject.findById(id).lean<SubjectDoc>();
    if (!subject) throw notFound('Subject');
    return subject;
  }

  private async topicsOf(chapterIds: Types.ObjectId[]): Promise<TopicDoc[]> {
    if (chapterIds.length === 0) return [];
    return this.m.Topic.find({ chapterId: anyOf(chapterIds) }).sort({ order: 1, _id: 1 }).lean<TopicDoc[]>();
  }
}

export const isDownloadable = (className: string, subjectName: string) =>
  DOWNLOADABLE.some((d) => d.className === className && d.subjectName === subjectName);
