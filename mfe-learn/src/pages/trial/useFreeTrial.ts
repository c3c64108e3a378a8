import { useSubscriptionStatus } from '../../api/index.ts';
import { startUsesFreeTrial } from './trial-rules.ts';

/** Whether starting a full chapter or topic quiz now spends the learner's one free quiz (false while unknown). */
export function useStartUsesFreeTrial(): boolean {
  return startUsesFreeTrial(useSubscriptionStatus().data);
}
