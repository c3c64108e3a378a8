// The token a refresh token was rotated to, kept with the spent token's record for the grace (domain/session-rules.ts)
// so that a second renewal presenting the same token gets the same new token on any replica. It is sealed with a key
// derived from the spent token itself: the database holds only the spent token's hash (a different derivation), so
// reading the database does not reveal the live token, and only a caller presenting the spent token can open it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const keyOf = (spentToken: string) => createHash('sha256').update(`lp-refresh-successor:${spentToken}`).digest();

export function sealSuccessor(spentToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The successor, or null when `sealed` was not sealed for this token. */
export function openSuccessor(spentToken: string, sealed: string | undefined): string | null {
  const [iv, data, tag] = (sealed ?? '').split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !data || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
