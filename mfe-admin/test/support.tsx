/** Test helpers for the admin pages: a fake API on fetch, an owner or visitor session, the toasts shown. */
import type { User } from '@lp/contracts';
import { useSession, useToasts } from '@lp/web-platform';

// The API faked at the fetch boundary, as every remote's tests do.
export { apiError, fakeApi, heldReply, renderPage, type ApiCall, type Handler } from '@lp/web-platform/testing';

export const OWNER: User = {
  id: '64d1de000000000000000003', email: 'owner@demo.test', firstName: 'Owner', lastName: 'Admin', role: 'owner', selectedClass: null, selectedSubject: null,
};

export function signInAs(user: Partial<User> | null) {
  useSession.setState(user ? { status: 'authenticated', user: { ...OWNER, ...user }, error: null } : { status: 'unauthenticated', user: null, error: null });
}

export const toastTexts = () => useToasts.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(', '));
