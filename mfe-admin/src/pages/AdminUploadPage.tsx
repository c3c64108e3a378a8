import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function AdminUploadPage() {
  return <PageFrame title={heading('Content Upload')} subtitle="Choose how to add questions." />;
}
