/** Recall today per chapter and on exam day (issue 32 §2; svc-study), one request shared by every chapter card. */
import { useQuery } from '@tanstack/react-query';
import { GetRecallForecast } from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { learnKeys } from './keys.ts';

/** `enabled`: false for a visitor (a subject section is drawn for both). */
export function useRecall(enabled = true) {
  return useQuery({ queryKey: learnKeys.recall, queryFn: ({ signal }) => getRoute(GetRecallForecast, undefined, undefined, signal), enabled });
}

/** A share (0..1) as a whole percentage, written as the product writes accuracy ("Accuracy 72%"): "72%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;
