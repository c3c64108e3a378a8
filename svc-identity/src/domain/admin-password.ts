// The shared admin password is configured as a scrypt hash: `scrypt$N$r$p$saltB64$hashB64`.
// Only the hash is ever configured or stored; a guess is compared in constant time.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

export const DEFAULT_SCRYPT: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

/** Parses `scrypt$N$r$p$salt$hash`; throws a message that says what is wrong with the configured value. */
export function parseScryptHash(value: string): ScryptHash {
  const parts = value.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    throw new Error('ADMIN_PASSWORD_HASH must look like scrypt$N$r$p$saltBase64$hashBase64; make one with `node --import tsx svc-identity/src/scripts/hash-admin-password.ts <password>`.');
  }
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!Number.isInteger(N) || N < 2 ** 14 || N > 2 ** 20 || (N & (N - 1)) !== 0) throw new Error('ADMIN_PASSWORD_HASH: N must be a power of two from 16384 to 1048576.');
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) throw new Error('ADMIN_PASSWORD_HASH: r must be 1-32 and p 1-16.');
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 16 || hash.length < 32) throw new Error('ADMIN_PASSWORD_HASH: the salt must have at least 16 bytes and the hash at least 32.');
  return { N, r, p, salt, hash };
}

export async function hashAdminPassword(password: string, { N, r, p }: ScryptCost = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** True when `password` matches; the comparison takes the same time whichever byte differs. */
export async function verifyAdminPassword(password: string, stored: ScryptHash): Promise<boolean> {
  const candidate = await scrypt(password, stored.salt, stored.hash.length, { N: stored.N, r: stored.r, p: stored.p, maxmem: maxmem(stored.N, stored.r) });
  return timingSafeEqual(candidate, stored.hash);
}

const maxmem = (N: number, r: number) => 256 * N * r + 1024 * 1024;
