// Makes an ADMIN_PASSWORD_HASH value: node --import tsx svc-identity/src/scripts/hash-admin-password.ts <password>
// (or pipe the password on stdin, so it stays out of the shell history).
import { hashAdminPassword } from '../domain/admin-password';

async function readPassword(): Promise<string> {
  const arg = process.argv[2];
  if (arg !== undefined) return arg;
  if (process.stdin.isTTY) return '';
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.replace(/\r?\n$/, '');
}

const password = await readPassword();
if (!password.trim()) {
  process.stderr.write('Usage: node --import tsx svc-identity/src/scripts/hash-admin-password.ts <password>   (or: echo <password> | ...)\n');
  process.exit(2);
}
if (password.length > 200) {
  process.stderr.write('The admin password may have at most 200 characters.\n');
  process.exit(2);
}
process.stdout.write(`ADMIN_PASSWORD_HASH=${await hashAdminPassword(password)}\n`);
