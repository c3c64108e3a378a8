/** Content reads (spec §7 Content; svc-content) as query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { ClassName } from '@lp/contracts';
import {
  DownloadChapterFile,
  GetChapter,
  GetChapterTopics,
  GetTopic,
  ListDownloads,
  ListSubjectsWithChapters,
  urlOf,
} from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';

/** The subjects of a class with their chapters and topics (Coming Soon subjects included). */
export function useSubjects(className: ClassName | null | undefined) {
  return useQuery({
    queryKey: learnKeys.subjects(className ?? ''),
    queryFn: ({ signal }) => getRoute(ListSubjectsWithChapters, undefined, { className: className! }, signal),
    enabled: Boolean(className),
  });
}

/** One chapter with its subject and topic summaries. */
export function useChapter(id: string | null | undefined) {
  return useQuery({
    queryKey: learnKeys.chapter(id ?? ''),
    queryFn: ({ signal }) => getRoute(GetChapter, { id: id! }, undefined, signal),
    enabled: Boolean(id),
  });
}

/** The topics of a chapter, in order, with their stats. */
export function useChapterTopics(id: string | null | undefined) {
  return useQuery({
    queryKey: learnKeys.chapterTopics(id ?? ''),
    queryFn: ({ signal }) => getRoute(GetChapterTopics, { id: id! }, undefined, signal),
    enabled: Boolean(id),
  });
}

/** One topic with its stats (no questions): the topic page. */
export function useTopic(id: string | null | undefined) {
  return useQuery({
    queryKey: learnKeys.topic(id ?? ''),
    queryFn: ({ signal }) => getRoute(GetTopic, { id: id! }, undefined, signal),
    enabled: Boolean(id),
  });
}

/** The downloadable chapter files of one subject of a class, with their question counts. */
export function useDownloads(className: ClassName, subjectName: string) {
  return useQuery({
    queryKey: learnKeys.downloads(className, subjectName),
    queryFn: ({ signal }) => getRoute(ListDownloads, undefined, { className, subjectName }, signal),
  });
}

/** Where a chapter file is downloaded from (served as an attachment). */
export const downloadUrl = (filename: string): string => urlOf(DownloadChapterFile, { filename });
