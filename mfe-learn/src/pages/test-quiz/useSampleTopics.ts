import { useQueries } from '@tanstack/react-query';
import type { ClassName } from '@lp/contracts';
import { ListSubjectsWithChapters } from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from '../../api/index.ts';
import { resolveSampleTopics, type SampleTopic, type SampleTopicSpec } from './sample-topics.ts';

/** Loads the subjects of the classes the specs name and finds the topics in them. */
export function useSampleTopics(specs: readonly SampleTopicSpec[]) {
  const classes = [...new Set(specs.map((s) => s.className))] as ClassName[];
  const results = useQueries({
    queries: classes.map((className) => ({
      queryKey: learnKeys.subjects(className),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRoute(ListSubjectsWithChapters, undefined, { className }, signal),
    })),
  });
  const isPending = results.some((r) => r.isPending);
  const error = results.find((r) => r.isError)?.error ?? null;
  const topics: SampleTopic[] = isPending || error ? [] : resolveSampleTopics(results.flatMap((r) => r.data ?? []), specs);
  return {
    isPending,
    error,
    topics,
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
