import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function TestPaymentPage() {
  return <PageFrame title={heading('Payment Test')} />;
}
