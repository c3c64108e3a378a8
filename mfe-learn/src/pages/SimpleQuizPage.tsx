import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function SimpleQuizPage() {
  return <PageFrame title={heading('Simple Quiz')} />;
}
