import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function FeedbackPage() {
  return <PageFrame title={heading('Feedback')} subtitle="Help us improve the product" width="narrow" />;
}
