// A guest's browser: an id this service issued, kept in an httpOnly cookie. Guests' limits are kept per browser (a
// classroom behind one address is many browsers), with a higher ceiling per address for browsers that drop the cookie
// to get new ones.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GuestBrowsersRepository } from '../repositories/guest-browsers';

const YEAR_SECONDS = 365 * 86_400;
export const guestCookieName = (production: boolean) => (production ? '__Secure-lp_guest' : 'lp_guest');

/** The browser's id if it sent one this service issued; otherwise a new one, set as its cookie. */
export async function guestBrowserOf(browsers: GuestBrowsersRepository, production: boolean, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const name = guestCookieName(production);
  const sent = request.cookies[name];
  if (typeof sent === 'string' && /^[A-Za-z0-9_-]{22}$/.test(sent) && (await browsers.issued(sent))) return sent;
  const id = await browsers.issue();
  reply.setCookie(name, id, { path: '/api/challenges', httpOnly: true, sameSite: 'lax', secure: production, maxAge: YEAR_SECONDS });
  return id;
}
