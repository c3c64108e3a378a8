import { PageFrame } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { heading } from '../heading.ts';

export function TopicPage({ params }: { params: { id?: string } }) {
  return (
    <PageFrame title={heading('Topic')} subtitle={`Topic ${params.id ?? ''}`.trim()}>
      <Link to="/dashboard">Back to Dashboard</Link>
    </PageFrame>
  );
}
