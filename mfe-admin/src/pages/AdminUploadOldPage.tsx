import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function AdminUploadOldPage() {
  return <PageFrame title={heading('Bulk JSON Upload')} subtitle="Drop several JSON files to upload them together." />;
}
