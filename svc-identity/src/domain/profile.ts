// From verified id_token claims to the user's profile and role.
import type { Role } from '@lp/contracts';
import { LIMITS } from '@lp/contracts';
import { demoAccountBySubject } from './demo-accounts';

export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  picture?: unknown;
}

export interface Profile {
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * Names come from given_name/family_name, else from splitting `name` at its last space, else from the e-mail's
 * local part. The picture is kept only when it is an https URL (or http in the local provider).
 */
export function profileFromClaims(claims: IdTokenClaims): Profile {
  const email = text(claims.email, LIMITS.email).toLowerCase();
  let firstName = text(claims.given_name, LIMITS.name);
  let lastName = text(claims.family_name, LIMITS.name);
  if (!firstName && !lastName) {
    const full = text(claims.name, LIMITS.name);
    const cut = full.lastIndexOf(' ');
    [firstName, lastName] = cut > 0 ? [full.slice(0, cut), full.slice(cut + 1)] : [full, ''];
  }
  if (!firstName) firstName = email.split('@')[0] ?? '';
  const picture = text(claims.picture, LIMITS.url);
  return { email, firstName, lastName, profileImageUrl: /^https?:\/\//i.test(picture) ? picture : null };
}

/**
 * The role is decided here, never taken from the provider: a demo account has its own; a Google user is the
 * owner when their verified e-mail is listed in OWNER_EMAILS; everyone else is a learner.
 */
export function roleFor(provider: 'google' | 'local', claims: IdTokenClaims, ownerEmails: ReadonlySet<string>): Role {
  if (provider === 'local') return demoAccountBySubject(claims.sub)?.role ?? 'learner';
  const email = text(claims.email, LIMITS.email).toLowerCase();
  return claims.email_verified === true && ownerEmails.has(email) ? 'owner' : 'learner';
}
