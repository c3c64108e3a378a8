import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

/** /c/:token: guest-friendly play from a shared link (no account needed). */
export function ChallengeLinkPage() {
  return <PageFrame title={heading('You have been challenged')} subtitle="Can you beat your friend's score?" width="narrow" />;
}
