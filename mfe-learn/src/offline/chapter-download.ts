/**
 * "Download for offline" (issue 33 §2): a chapter's questions (no keys, as the quiz gets them) and details, kept in
 * the Cache Storage of the signed-in learner (`lp-personal-<user>`) under the URLs the quiz asks for. The shell's
 * service worker answers those two calls from here only when the network fails, and deletes every personal cache
 * when the learner signs out (shell/src/service-worker/sw.js).
 */
import { GetChapter, GetChapterQuestions } from '@lp/contracts/urls';
import { quizApi, type Chapter } from '../pages/quiz/api.ts';

/** The cache of one learner's downloads (the service worker deletes all `lp-personal-*` caches on sign-out). */
export const personalCacheName = (userId: string) => `lp-personal-${userId}`;

export const chapterUrls = (chapterId: string) => ({
  questions: GetChapterQuestions.url.replace(':id', encodeURIComponent(chapterId)),
  chapter: GetChapter.url.replace(':id', encodeURIComponent(chapterId)),
});

export interface ChapterDownload {
  questionCount: number;
}

/** Written with a download's questions, so that its count is read without parsing the questions (issue 32 §3). */
const QUESTION_COUNT_HEADER = 'x-lp-question-count';

const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/** A stored questions answer's count: from its header, else (a download made before the header) from its list. */
async function questionCountOf(saved: Response): Promise<number> {
  const written = Number(saved.headers.get(QUESTION_COUNT_HEADER) ?? NaN);
  return Number.isInteger(written) ? written : ((await saved.json()) as unknown[]).length;
}

/** Whether this browser can keep a download (Cache Storage needs a secure context: https or localhost). */
export const canDownload = (): boolean => typeof caches !== 'undefined';

export async function downloadChapter(userId: string, chapterId: string): Promise<ChapterDownload> {
  const [questions, chapter] = await Promise.all([quizApi.chapterQuestions(chapterId), quizApi.chapter(chapterId)]);
  const urls = chapterUrls(chapterId);
  const cache = await caches.open(personalCacheName(userId));
  await Promise.all([
    cache.put(urls.questions, json(questions, { [QUESTION_COUNT_HEADER]: String(questions.length) })),
    cache.put(urls.chapter, json(chapter)),
  ]);
  return { questionCount: questions.length };
}

/** A downloaded chapter's questions URL (`/api/questions/chapter/<id>`), the chapter's id captured. */
const QUESTIONS_PATH = new RegExp(`^${GetChapterQuestions.url.replace(':id', '([0-9a-f]{24})')}$`, 'i');

/**
 * The question count of each chapter this learner downloaded on this device, by chapter id: one look at the cache
 * for the whole dashboard (its keys once, then only the downloaded chapters' headers), where each of ~37 cards had
 * opened the cache and parsed its stored question list on the page's main thread (issue 32 §3, blocking time).
 */
export async function downloadedQuestionCounts(userId: string): Promise<ReadonlyMap<string, number>> {
  const counts = new Map<string, number>();
  // `has` first: opening a learner's cache would create it for one who never downloaded.
  if (!canDownload() || !(await caches.has(personalCacheName(userId)))) return counts;
  const cache = await caches.open(personalCacheName(userId));
  for (const request of await cache.keys()) {
    const id = QUESTIONS_PATH.exec(new URL(request.url).pathname)?.[1];
    const saved = id && (await cache.match(request));
    if (saved) counts.set(id, await questionCountOf(saved));
  }
  return counts;
}

export async function removeChapterDownload(userId: string, chapterId: string): Promise<void> {
  const cache = await caches.open(personalCacheName(userId));
  const urls = chapterUrls(chapterId);
  await Promise.all([cache.delete(urls.questions), cache.delete(urls.chapter)]);
}

export interface DownloadedChapter {
  chapter: Chapter;
  questionCount: number;
}

const CHAPTER_PATH = /^\/api\/chapters\/([0-9a-f]{24})$/i;

/** Every chapter this learner downloaded on this device (for the offline page), by subject then chapter name. */
export async function chapterDownloads(userId: string): Promise<DownloadedChapter[]> {
  if (!canDownload()) return [];
  const cache = await caches.open(personalCacheName(userId));
  const found: DownloadedChapter[] = [];
  for (const request of await cache.keys()) {
    const id = CHAPTER_PATH.exec(new URL(request.url).pathname)?.[1];
    if (!id) continue;
    const [chapter, questions] = await Promise.all([cache.match(request), cache.match(chapterUrls(id).questions)]);
    if (!chapter || !questions) continue;
    found.push({ chapter: (await chapter.json()) as Chapter, questionCount: await questionCountOf(questions) });
  }
  return found.sort((a, b) => a.chapter.subject.name.localeCompare(b.chapter.subject.name) || a.chapter.name.localeCompare(b.chapter.name));
}
