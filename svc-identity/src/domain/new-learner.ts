// "New learner" on the local sign-in page: a practice account from a name and an e-mail, so tests, the bench and
// a person trying the product are not limited to the three demo accounts. The same e-mail signs in as the same
// learner (the subject is derived from it); another e-mail makes another free learner. Always a learner.
//
// Only addresses at domains reserved for testing are accepted (RFC 2606 / 6761): this page has no password and
// no e-mail check, so it must never store, or let anyone sign in as, a real person's address (a minor's, say).
import { createHash } from 'node:crypto';
import { LIMITS, hasNonLineCharacters } from '@lp/contracts';
import { DEMO_ACCOUNTS } from './demo-accounts';

export const NEW_LEARNER_ACCOUNT = 'new-learner';
const SUBJECT_PREFIX = 'learner-';
const RESERVED_DOMAIN = /(^|\.)(test|example|invalid|localhost)$|^example\.(com|net|org)$/;
const EMAIL = /^[a-z0-9._%+-]{1,64}@([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/;

export interface NewLearner {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type NewLearnerResult = { ok: true; learner: NewLearner } | { ok: false; message: string };

export function newLearnerFromForm(rawName: unknown, rawEmail: unknown): NewLearnerResult {
  const name = typeof rawName === 'string' ? rawName.trim().replace(/\s+/g, ' ') : '';
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  if (!name || name.length > LIMITS.name || hasNonLineCharacters(name) || [...name].some((c) => c === '<' || c === '>')) {
    return { ok: false, message: `Enter a name of 1 to ${LIMITS.name} characters.` };
  }
  if (!EMAIL.test(email) || email.length > LIMITS.email) return { ok: false, message: 'Enter an e-mail address such as maya@demo.test.' };
  const domain = email.slice(email.indexOf('@') + 1);
  if (!RESERVED_DOMAIN.test(domain)) {
    return { ok: false, message: 'Use an address at a test domain such as maya@demo.test or maya@example.com: practice accounts never hold a real address.' };
  }
  if (DEMO_ACCOUNTS.some((a) => a.email === email)) return { ok: false, message: 'That address belongs to a demo account: use its button instead.' };
  const space = name.lastIndexOf(' ');
  return {
    ok: true,
    learner: {
      subject: newLearnerSubject(email),
      email,
      firstName: space > 0 ? name.slice(0, space) : name,
      lastName: space > 0 ? name.slice(space + 1) : '',
    },
  };
}

/** The provider's subject for an e-mail: the same address is the same learner. */
export function newLearnerSubject(email: string): string {
  return `${SUBJECT_PREFIX}${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

export const isNewLearnerSubject = (subject: string) => subject.startsWith(SUBJECT_PREFIX);
