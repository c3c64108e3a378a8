import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

/** /subscribe and /subscription: plans, region and payment options. */
export function SubscriptionPage() {
  return <PageFrame title={heading('Subscription')} subtitle="Premium: full chapter quizzes, progress, revision, mistake review and challenges." />;
}
