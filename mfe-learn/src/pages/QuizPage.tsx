import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

/** /quiz/:id (including review, subject-mistakes and sample) and /quiz/chapter/:id. */
export function QuizPage({ params }: { params: { id?: string } }) {
  return <PageFrame title={heading('Quiz')} subtitle={params.id ? `Quiz ${params.id}` : undefined} />;
}
