import { PageFrame } from '@lp/ui';
import { heading } from '../heading.ts';

export function AdminLoginPage() {
  return <PageFrame title={heading('Admin Login')} subtitle="Sign in with the admin password to manage content." width="narrow" />;
}
