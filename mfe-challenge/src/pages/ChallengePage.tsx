import { ErrorState, PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

/** /challenge/:id: a challenge sent to a signed-in friend. */
export function ChallengePage({ params }: { params: { id?: string } }) {
  return (
    <PageFrame title={heading('Challenge')}>
      {!params.id && <ErrorState title="Invalid Challenge" message="This challenge link is missing its id." />}
    </PageFrame>
  );
}
