import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function RevisionSettingsPage() {
  return <PageFrame title={heading('Revision Settings')} subtitle="Days between a chapter's first, second and third revision." />;
}
