/** Exam dates per subject and the review schedule (issue 32 §1; svc-study) as query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassName } from '@lp/contracts';
import { GetExamDates, GetReviewSchedule, ListSubjectsWithChapters, SetExamDate } from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';

const examDatesKey = ['/api/exam-dates'] as const;
const scheduleKey = ['/api/review-schedule'] as const;

/** The class's subjects, under the dashboard's query key (one cache), without the dashboard's api module. */
export function useClassSubjects(className: ClassName) {
  return useQuery({ queryKey: learnKeys.subjects(className), queryFn: ({ signal }) => getRoute(ListSubjectsWithChapters, undefined, { className }, signal) });
}

export function useExamDates() {
  return useQuery({ queryKey: examDatesKey, queryFn: ({ signal }) => getRoute(GetExamDates, undefined, undefined, signal) });
}

export function useReviewSchedule() {
  return useQuery({ queryKey: scheduleKey, queryFn: ({ signal }) => getRoute(GetReviewSchedule, undefined, { days: 14 }, signal) });
}

export function useSetExamDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subjectId, examDate }: { subjectId: string; examDate: string | null }) => sendRoute(SetExamDate, { subjectId }, { examDate }),
    onSuccess: (saved) => {
      client.setQueryData(examDatesKey, saved);
      void client.invalidateQueries({ queryKey: scheduleKey });
    },
  });
}
