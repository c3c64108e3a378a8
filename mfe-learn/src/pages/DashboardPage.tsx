import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function DashboardPage() {
  return <PageFrame title={heading('Dashboard')} subtitle="Your subjects, chapters, progress and revisions." />;
}
