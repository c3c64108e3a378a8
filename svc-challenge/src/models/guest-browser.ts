// A guest's browser, as this service knows it: an id it issued (128 random bits) in an httpOnly cookie and recorded
// here, so a client cannot choose it. Guests' limits are kept per browser (a classroom behind one address is many
// browsers), with a higher ceiling per address for browsers that drop the cookie to get new ones.
import { randomBytes } from 'node:crypto';
import { modelOn } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Schema, type Connection } from 'mongoose';

export interface GuestBrowserDoc { _id: string; issuedAt: Date }
const schema = new Schema<GuestBrowserDoc>({ _id: String, issuedAt: Date }, { versionKey: false });
export const guestBrowserModel = (db: Connection) => modelOn(db, 'ChallengeGuestBrowser', schema, 'guest_browsers');

const YEAR_SECONDS = 365 * 86_400;
export const guestCookieName = (production: boolean) => (production ? '__Secure-lp_guest' : 'lp_guest');

export function guestBrowsers(db: Connection, { production, now }: { production: boolean; now: () => Date }) {
  const model = guestBrowserModel(db);
  const name = guestCookieName(production);

  /** The browser's id if it sent one this service issued; otherwise a new one, set as its cookie. */
  async function of(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const sent = request.cookies[name];
    if (typeof sent === 'string' && /^[A-Za-z0-9_-]{22}$/.test(sent) && (await model.findById(sent).lean())) return sent;
    const id = randomBytes(16).toString('base64url');
    await model.create({ _id: id, issuedAt: now() });
    reply.setCookie(name, id, { path: '/api/challenges', httpOnly: true, sameSite: 'lax', secure: production, maxAge: YEAR_SECONDS });
    return id;
  }

  return { of };
}
