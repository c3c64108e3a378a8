import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function DownloadBiologyPage() {
  return <PageFrame title={heading('Biology Chapter Downloads')} subtitle="Class XII Biology question sets, chapter by chapter." />;
}
