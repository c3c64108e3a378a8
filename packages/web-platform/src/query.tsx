import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api.ts';

/** Spec §7 "Generic behaviour": queries GET the key parts joined with '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  getJson(queryKey.map(String).join('/'), { signal });

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** One QueryClient per page: no refetch on focus, no polling, never stale, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The page-wide QueryClient. This package is a Module Federation singleton, so the
 * shell and every remote get the same cache (invalidating in one invalidates for all).
 */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
