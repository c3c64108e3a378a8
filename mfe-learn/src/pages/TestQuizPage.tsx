import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function TestQuizPage() {
  return <PageFrame title={heading('Test Quiz')} subtitle="Try a sample topic without an account." />;
}
