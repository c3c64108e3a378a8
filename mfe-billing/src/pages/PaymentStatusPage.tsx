import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function PaymentStatusPage() {
  return <PageFrame title={heading('Payment Status')} />;
}
