// Where the admin password hash comes from: ADMIN_PASSWORD_HASH; in the embedded default (not production)
// the demo password when it is unset; in production unset means elevation is refused.
import type { IdentityConfig } from '../config';
import { DEMO_ADMIN_PASSWORD } from '../domain/demo-accounts';
import { hashAdminPassword, parseScryptHash, type ScryptHash } from '../domain/admin-password';

export type AdminPasswordSource =
  | { kind: 'configured'; hash: ScryptHash }
  | { kind: 'demo'; hash: ScryptHash }
  | { kind: 'missing' };

export async function loadAdminPassword(config: IdentityConfig): Promise<AdminPasswordSource> {
  if (config.adminPasswordHash) return { kind: 'configured', hash: parseScryptHash(config.adminPasswordHash) };
  if (!config.production) return { kind: 'demo', hash: parseScryptHash(await hashAdminPassword(DEMO_ADMIN_PASSWORD, { N: 2 ** 14, r: 8, p: 1 })) };
  return { kind: 'missing' };
}
