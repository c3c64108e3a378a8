import { describe, expect, it } from 'vitest';
import { hashAdminPassword, parseScryptHash, verifyAdminPassword } from '../../src/domain/admin-password';

const fast = { N: 2 ** 14, r: 8, p: 1 };

describe('the admin password hash', () => {
  it('round-trips scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const value = await hashAdminPassword('s3cret pass', fast);
    expect(value).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    const parsed = parseScryptHash(value);
    expect(await verifyAdminPassword('s3cret pass', parsed)).toBe(true);
    expect(await verifyAdminPassword('s3cret pasS', parsed)).toBe(false);
    expect(await verifyAdminPassword('', parsed)).toBe(false);
    // A new salt every time: the same password never gives the same hash.
    expect(await hashAdminPassword('s3cret pass', fast)).not.toBe(value);
  });

  it('makes the default (N=2^15) hash the script prints', async () => {
    const value = await hashAdminPassword('x');
    expect(value.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyAdminPassword('x', parseScryptHash(value))).toBe(true);
  });

  it('refuses malformed or weak configured values with a message that says how to make one', () => {
    expect(() => parseScryptHash('admin-demo')).toThrow(/hash-admin-password\.ts/);
    expect(() => parseScryptHash('bcrypt$1$2$3$4$5')).toThrow(/scrypt\$N\$r\$p/);
    expect(() => parseScryptHash('scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + 'A'.repeat(44))).toThrow(/N must be a power of two/);
    expect(() => parseScryptHash('scrypt$16384$8$1$AAAA$' + 'A'.repeat(44))).toThrow(/salt/);
  });
});
