// The read side: what the read routes and the RPC answers return, read through the catalogue repository.
// Learner-facing reads load questions without correctAnswer and explanation; only the answer-key RPC and the
// study-material downloads load them.
import type { AnswerKey, ChapterSummary, ClassName, DownloadFile, Question, RpcRequest, RpcResponse, SubjectWithChapters, Topic, UploadTree } from '@lp/contracts';
import { notFound } from '@lp/service-kit';
import type { Types } from 'mongoose';
import { hindiNameOf, hindiTopicOf, uploadedHindi } from '../domain/hindi';
import { SAMPLE_SIZE, pickRandom } from '../domain/sampling';
import type { ChapterDoc } from '../models/chapter';
import type { SubjectDoc } from '../models/subject';
import type { CatalogueRepository } from '../repositories/catalogue';
import { chapterSummary, questionView, subjectRef, topicSummary, topicView } from './views';

/**
 * The chapter files the downloads page offers (spec §2, §9, §182): the seven Class XII Biology chapter files,
 * NCERT chapters 1-7. Later Biology chapters have questions too, but are studied online only.
 */
export const DOWNLOADABLE: ReadonlyArray<{ className: ClassName; subjectName: string; chapterNumbers: readonly number[] }> = [
  { className: 'CBSE Class 12', subjectName: 'Biology', chapterNumbers: [1, 2, 3, 4, 5, 6, 7] },
];

/** How long a replica keeps a class's listing at most, whatever the catalogue's revision says. */
export const LISTING_MAX_AGE_MS = 5 * 60_000;

export class ContentReads {
  /**
   * `heldBack`: the questions open flags hold back from new quizzes (issue 32 §4, repositories/flags.ts). They
   * stay out of every learner-facing list and quiz set, but keep their answer keys for quizzes already running.
   */
  private readonly listings = new Map<ClassName, { revision: number; readAt: number; listing: SubjectWithChapters[] }>();

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly heldBack: () => Promise<Set<string>> = async () => new Set(),
    private readonly now: () => number = Date.now,
  ) {}

  private async withoutHeld<T extends { _id: Types.ObjectId }>(docs: T[]): Promise<T[]> {
    const held = await this.heldBack();
    return held.size === 0 ? docs : docs.filter((d) => !held.has(String(d._id)));
  }

  /**
   * A class's subjects with their chapters and topics: what every dashboard load asks first. Read from three
   * collections that FerretDB scans whole (~40 ms of CPU), so a replica keeps each class's listing while the catalogue's
   * revision is the one it was read at (one `_id` lookup per request); any replica's publish counts the revision up.
   * `LISTING_MAX_AGE_MS` bounds the rest: a write whose count was lost (a crash in between) is seen within it.
   */
  async subjectsWithChapters(className: ClassName): Promise<SubjectWithChapters[]> {
    const revision = await this.catalogue.revision();
    const kept = this.listings.get(className);
    if (kept && kept.revision === revision && this.now() - kept.readAt < LISTING_MAX_AGE_MS) return kept.listing;
    const readAt = this.now();
    const listing = await this.readSubjectsWithChapters(className);
    this.listings.set(className, { revision, readAt, listing });
    return listing;
  }

  private async readSubjectsWithChapters(className: ClassName): Promise<SubjectWithChapters[]> {
    const subjects = await this.catalogue.subjectsOfClass(className);
    if (subjects.length === 0) return [];
    const chapters = await this.catalogue.chaptersOfSubjects(subjects.map((s) => s._id));
    const topics = await this.catalogue.topicsOf(chapters.map((c) => c._id));
    return subjects.map((s) => ({
      ...subjectRef(s),
      ...(s.comingSoon ? { comingSoon: true } : {}),
      chapters: chapters.filter((c) => c.subjectId.equals(s._id)).map((c) => chapterSummary(c, topics.filter((t) => t.chapterId.equals(c._id)))),
    }));
  }

  async chapter(id: string) {
    const chapter = await this.chapterDoc(id);
    const [subject, topics] = await Promise.all([this.subjectDoc(chapter.subjectId), this.catalogue.topicsOf([chapter._id])]);
    const summary: ChapterSummary = chapterSummary(chapter, topics);
    return { ...summary, subject: subjectRef(subject), topics: topics.map(topicSummary) };
  }

  async chapterTopics(id: string): Promise<Topic[]> {
    const chapter = await this.chapterDoc(id);
    const [subject, topics] = await Promise.all([this.subjectDoc(chapter.subjectId), this.catalogue.topicsOf([chapter._id])]);
    return topics.map((t) => topicView(t, chapter, subject));
  }

  async topic(id: string): Promise<Topic> {
    const topic = await this.catalogue.topicById(id);
    if (!topic) throw notFound('Topic');
    const chapter = await this.chapterDoc(topic.chapterId);
    return topicView(topic, chapter, await this.subjectDoc(chapter.subjectId));
  }

  /** A topic's questions in order (callers check the topic exists and the learner's entitlement first). */
  async topicQuestions(topicId: string): Promise<Question[]> {
    const questions = await this.withoutHeld(await this.catalogue.publicQuestionsOfTopic(topicId));
    return questions.map(questionView);
  }

  /** Every question of a chapter, topic by topic in order. */
  async chapterQuestions(id: string): Promise<Question[]> {
    const chapter = await this.chapterDoc(id);
    const topics = await this.catalogue.topicsOf([chapter._id]);
    const topicRank = new Map(topics.map((t, i) => [String(t._id), i]));
    const questions = await this.withoutHeld(await this.catalogue.publicQuestionsOfChapter(chapter._id));
    questions.sort((a, b) => (topicRank.get(String(a.topicId)) ?? 0) - (topicRank.get(String(b.topicId)) ?? 0) || a.order - b.order || String(a._id).localeCompare(String(b._id)));
    return questions.map(questionView);
  }

  /** A quiz's question set for svc-study: the ids of a topic's or a chapter's questions, with its chapter and subject. */
  async quizQuestions(target: { topicId: string } | { chapterId: string }) {
    const missing = { found: false, questionIds: [], chapterId: null, subjectId: null };
    if ('topicId' in target) {
      const topic = await this.catalogue.topicById(target.topicId);
      if (!topic) return missing;
      const chapter = await this.chapterDoc(topic.chapterId);
      const ids = await this.liveIds({ topicId: topic._id });
      return { found: true, questionIds: ids.map(String), chapterId: String(chapter._id), subjectId: String(chapter.subjectId) };
    }
    const chapter = await this.catalogue.chapterById(target.chapterId);
    if (!chapter) return missing;
    const ids = await this.liveIds({ chapterId: chapter._id });
    return { found: true, questionIds: ids.map(String), chapterId: String(chapter._id), subjectId: String(chapter.subjectId) };
  }

  /** The ids new quizzes may use: not retired, not held back by flags. */
  private async liveIds(of: { topicId: string | Types.ObjectId } | { chapterId: string | Types.ObjectId }): Promise<Types.ObjectId[]> {
    const ids = await this.catalogue.questionIds(of);
    return (await this.withoutHeld(ids.map((_id) => ({ _id })))).map((d) => d._id);
  }

  /** Up to 10 distinct random questions of a chapter, or of one of its topics. */
  async sample(chapterId: string, topicId?: string): Promise<Question[]> {
    const chapter = await this.chapterDoc(chapterId);
    if (topicId && !(await this.catalogue.isTopicOfChapter(topicId, chapter._id))) throw notFound('Topic of this chapter');
    const ids = await this.liveIds(topicId ? { topicId } : { chapterId: chapter._id });
    const picked = pickRandom(ids, SAMPLE_SIZE);
    if (picked.length === 0) return [];
    const questions = await this.catalogue.publicQuestionsByIds(picked);
    const rank = new Map(picked.map((id, i) => [String(id), i]));
    return questions.sort((a, b) => (rank.get(String(a._id)) ?? 0) - (rank.get(String(b._id)) ?? 0)).map(questionView);
  }

  async downloads(query: { className?: ClassName; subjectName?: string }): Promise<DownloadFile[]> {
    const className = query.className ?? DOWNLOADABLE[0]!.className;
    const subjectName = query.subjectName ?? DOWNLOADABLE[0]!.subjectName;
    if (!isDownloadableSubject(className, subjectName)) return [];
    const subject = await this.catalogue.subjectByName(className, subjectName);
    if (!subject) return [];
    const chapters = await this.catalogue.chaptersOfSubject(subject._id);
    return chapters.filter((c) => c.questionCount > 0 && isDownloadable(className, subjectName, c.number)).map((c) => ({
      filename: `${c.slug}.json`, className, subjectName: subject.name, chapterName: c.name, questionCount: c.questionCount,
    }));
  }

  /**
   * A chapter file in the upload format, answers included. The file name is looked up among the published
   * chapters' slugs (never joined into a path), and only downloadable subjects' chapters with questions match.
   */
  async downloadFile(filename: string): Promise<{ filename: string; tree: UploadTree }> {
    const slug = filename.endsWith('.json') ? filename.slice(0, -'.json'.length) : '';
    const chapter = slug ? await this.catalogue.chapterBySlug(slug) : null;
    const subject = chapter ? await this.catalogue.subjectById(chapter.subjectId) : null;
    if (!chapter || !subject || chapter.questionCount === 0 || !isDownloadable(subject.className, subject.name, chapter.number)) throw notFound(`Chapter file ${filename}`);
    const topics = await this.catalogue.topicsOf([chapter._id]);
    const questions = await this.catalogue.questionsOfChapter(chapter._id);
    const tree: UploadTree = {
      className: subject.className as ClassName,
      subjects: [{
        name: subject.name,
        ...hindiNameOf(subject.hi),
        chapters: [{
          name: chapter.name,
          ...hindiNameOf(chapter.hi),
          ...(chapter.number ? { number: chapter.number } : {}),
          topics: topics.map((t) => ({
            name: t.name,
            description: t.description,
            ...hindiTopicOf(t.hi),
            questions: questions.filter((q) => q.topicId.equals(t._id)).map((q) => ({
              question: q.question, type: q.type, options: q.options, correctAnswer: q.correctAnswer,
              explanation: q.explanation, difficulty: q.difficulty, figureReference: q.figureReference ?? null,
              ...(q.hi?.question ? { hi: uploadedHindi(q.type, q.hi) } : {}),
            })),
          })),
        }],
      }],
    };
    return { filename: `${chapter.slug}.json`, tree };
  }

  /** For svc-study and svc-challenge (content.rpc.answerKeys): unknown ids are left out. */
  async answerKeys(questionIds: string[]): Promise<AnswerKey[]> {
    const questions = await this.catalogue.questionsByIds(questionIds);
    return questions.map((q) => ({
      questionId: String(q._id), chapterId: String(q.chapterId), topicId: String(q.topicId), subjectId: String(q.subjectId),
      type: q.type, question: q.question, options: q.options, correctAnswer: q.correctAnswer, explanation: q.explanation,
      difficulty: q.difficulty, figureReference: q.figureReference ?? null,
      ...(q.hi?.question ? { hi: { question: q.hi.question, options: q.hi.options ?? [], correctAnswer: q.hi.correctAnswer ?? '', explanation: q.hi.explanation ?? '' } } : {}),
    }));
  }

  /** A chapter's subject and name (a challenge's intro says what it is on); null when either is gone. */
  async placeOf(chapterId: string): Promise<{ subjectName: string; chapterName: string } | null> {
    const chapter = await this.catalogue.chapterById(chapterId);
    const subject = chapter && await this.catalogue.subjectById(chapter.subjectId);
    return chapter && subject ? { subjectName: subject.name, chapterName: chapter.name } : null;
  }

  async subjectExists(request: RpcRequest<'content.rpc.subjectExists'>): Promise<RpcResponse<'content.rpc.subjectExists'>> {
    const subject = await this.catalogue.subjectAskedFor(request);
    return subject ? { exists: true, subjectId: String(subject._id) } : { exists: false };
  }

  private async chapterDoc(id: string | Types.ObjectId): Promise<ChapterDoc> {
    const chapter = await this.catalogue.chapterById(id);
    if (!chapter) throw notFound('Chapter');
    return chapter;
  }

  private async subjectDoc(id: Types.ObjectId): Promise<SubjectDoc> {
    const subject = await this.catalogue.subjectById(id);
    if (!subject) throw notFound('Subject');
    return subject;
  }
}

const isDownloadableSubject = (className: string, subjectName: string) =>
  DOWNLOADABLE.some((d) => d.className === className && d.subjectName === subjectName);

/** A chapter without an NCERT number is not one of the numbered download files. */
export const isDownloadable = (className: string, subjectName: string, chapterNumber: number | null) =>
  DOWNLOADABLE.some((d) => d.className === className && d.subjectName === subjectName && chapterNumber !== null && d.chapterNumbers.includes(chapterNumber));
