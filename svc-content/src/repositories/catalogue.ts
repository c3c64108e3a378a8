// The catalogue's read queries (subjects → chapters → topics → questions), each one database command as the read
// routes, the RPC answers and the PDF jobs need it. Learner-facing queries project out correctAnswer and explanation
// (PUBLIC_QUESTION_FIELDS); only answer keys, downloads and the PDF jobs' duplicate check load more.
// FerretDB pushes down only `_id` equality: lookups by id stay `findById`, one per id.
import type { RpcRequest } from '@lp/contracts';
import mongoose, { type Connection, type Model, type Types } from 'mongoose';
import { CATALOGUE_REVISION_ID, catalogueRevisionModel, type CatalogueRevisionDoc } from '../models/catalogue-revision';
import { chapterModel, type ChapterDoc } from '../models/chapter';
import { PUBLIC_QUESTION_FIELDS, questionModel, type QuestionDoc } from '../models/question';
import { subjectModel, type SubjectDoc } from '../models/subject';
import { topicModel, type TopicDoc } from '../models/topic';

/** A question as a learner may see it before answering: no correctAnswer, no explanation. */
export type PublicQuestionDoc = Pick<QuestionDoc, '_id' | 'topicId' | 'chapterId' | 'question' | 'type' | 'options' | 'difficulty' | 'figureReference' | 'order'>
  & { hi?: { question: string; options?: string[] } | null };

type Id = string | Types.ObjectId;
const anyOf = <T>(values: T[]) => mongoose.trusted({ $in: values });

/** Learner-facing fields plus `retired`, read to leave retired questions out (filtered in code, not in the query). */
const LEARNER_FIELDS = { ...PUBLIC_QUESTION_FIELDS, retired: 1 } as const;
type LiveCheck<T> = T & { retired?: boolean };
const live = <T>(docs: LiveCheck<T>[]): T[] => docs.filter((d) => !d.retired).map(({ retired: _retired, ...rest }) => rest as T);

export class CatalogueRepository {
  private readonly subjects: Model<SubjectDoc>;
  private readonly chapters: Model<ChapterDoc>;
  private readonly topics: Model<TopicDoc>;
  private readonly questions: Model<QuestionDoc>;
  private readonly revisions: Model<CatalogueRevisionDoc>;

  constructor(db: Connection) {
    this.subjects = subjectModel(db);
    this.chapters = chapterModel(db);
    this.topics = topicModel(db);
    this.questions = questionModel(db);
    this.revisions = catalogueRevisionModel(db);
  }

  /** The catalogue's current revision (0 before its first write): one `_id` lookup. */
  async revision(): Promise<number> {
    return (await this.revisions.findById(CATALOGUE_REVISION_ID).lean<CatalogueRevisionDoc>())?.revision ?? 0;
  }

  async subjectById(id: Id): Promise<SubjectDoc | null> {
    return this.subjects.findById(id).lean<SubjectDoc>();
  }

  /** A class's subjects in dashboard order. */
  async subjectsOfClass(className: string): Promise<SubjectDoc[]> {
    return this.subjects.find({ className }).sort({ order: 1, name: 1 }).lean<SubjectDoc[]>();
  }

  async subjectByName(className: string, name: string): Promise<SubjectDoc | null> {
    return this.subjects.findOne({ className, name }).lean<SubjectDoc>();
  }

  /** The subject content.rpc.subjectExists asks about: by id, or by name (within a class when given). */
  async subjectAskedFor(request: RpcRequest<'content.rpc.subjectExists'>): Promise<SubjectDoc | null> {
    return 'subjectId' in request
      ? this.subjects.findById(request.subjectId).lean<SubjectDoc>()
      : this.subjects.findOne({ name: request.subjectName, ...(request.className ? { className: request.className } : {}) }).lean<SubjectDoc>();
  }

  async chapterById(id: Id): Promise<ChapterDoc | null> {
    return this.chapters.findById(id).lean<ChapterDoc>();
  }

  async chapterBySlug(slug: string): Promise<ChapterDoc | null> {
    return this.chapters.findOne({ slug }).lean<ChapterDoc>();
  }

  /** The chapters of some subjects, in display order. */
  async chaptersOfSubjects(subjectIds: Types.ObjectId[]): Promise<ChapterDoc[]> {
    return this.chapters.find({ subjectId: anyOf(subjectIds) }).sort({ order: 1, name: 1 }).lean<ChapterDoc[]>();
  }

  async chaptersOfSubject(subjectId: Types.ObjectId): Promise<ChapterDoc[]> {
    return this.chapters.find({ subjectId }).sort({ order: 1, name: 1 }).lean<ChapterDoc[]>();
  }

  async topicById(id: Id): Promise<TopicDoc | null> {
    return this.topics.findById(id).lean<TopicDoc>();
  }

  async isTopicOfChapter(topicId: Id, chapterId: Types.ObjectId): Promise<boolean> {
    return Boolean(await this.topics.exists({ _id: topicId, chapterId }));
  }

  /** The topics of some chapters in display order (no query for none). */
  async topicsOf(chapterIds: Types.ObjectId[]): Promise<TopicDoc[]> {
    if (chapterIds.length === 0) return [];
    return this.topics.find({ chapterId: anyOf(chapterIds) }).sort({ order: 1, _id: 1 }).lean<TopicDoc[]>();
  }

  /** A topic's questions as learners see them, in order. */
  async publicQuestionsOfTopic(topicId: Id): Promise<PublicQuestionDoc[]> {
    return live(await this.questions.find({ topicId }, LEARNER_FIELDS).sort({ order: 1, _id: 1 }).lean<LiveCheck<PublicQuestionDoc>[]>());
  }

  /** A chapter's questions as learners see them, unordered (the caller orders them topic by topic). */
  async publicQuestionsOfChapter(chapterId: Types.ObjectId): Promise<PublicQuestionDoc[]> {
    return live(await this.questions.find({ chapterId }, LEARNER_FIELDS).lean<LiveCheck<PublicQuestionDoc>[]>());
  }

  async publicQuestionsByIds(ids: Types.ObjectId[]): Promise<PublicQuestionDoc[]> {
    return live(await this.questions.find({ _id: anyOf(ids) }, LEARNER_FIELDS).lean<LiveCheck<PublicQuestionDoc>[]>());
  }

  /** The ids of a topic's or a chapter's questions that new quizzes may use (retired ones left out). */
  async questionIds(of: { topicId: Id } | { chapterId: Id }): Promise<Types.ObjectId[]> {
    const ids = await this.questions.find(of, { _id: 1, retired: 1 }).lean<LiveCheck<{ _id: Types.ObjectId }>[]>();
    return live(ids).map((q) => q._id);
  }

  /** One question with its key, retired or not (the flag routes), or null. */
  async questionById(id: string): Promise<QuestionDoc | null> {
    return this.questions.findById(id).lean<QuestionDoc>();
  }

  /** A chapter's questions with their answers, in upload order (the downloads). */
  async questionsOfChapter(chapterId: Types.ObjectId): Promise<QuestionDoc[]> {
    return this.questions.find({ chapterId }).sort({ order: 1, _id: 1 }).lean<QuestionDoc[]>();
  }

  /** Questions with their answers by id; unknown ids are left out. */
  async questionsByIds(ids: string[]): Promise<QuestionDoc[]> {
    // One `_id` equality lookup per id: FerretDB on SQLite executes `_id: {$in}` as a full collection scan,
    // and concurrent scans from a quiz in progress queue up past the callers' RPC timeout.
    const found = await Promise.all([...new Set(ids)].map((id) => this.questions.findById(id).lean<QuestionDoc>()));
    return found.filter((q): q is QuestionDoc => q !== null);
  }

  /** The question texts already published in a chapter named by class, subject and chapter name; none for a new chapter. */
  async questionTextsOf(chapter: { className: string; subjectName: string; chapterName: string }): Promise<string[]> {
    const subject = await this.subjects.findOne({ className: chapter.className, name: chapter.subjectName }).lean<SubjectDoc>();
    if (!subject) return [];
    const found = await this.chapters.findOne({ subjectId: subject._id, name: chapter.chapterName }).lean<ChapterDoc>();
    if (!found) return [];
    const questions = await this.questions.find({ chapterId: found._id }, { question: 1 }).lean<Array<{ question: string }>>();
    return questions.map((q) => q.question);
  }
}
