// Find a friend by exact e-mail, for direct challenges. Reveals id, names and picture, nothing else.
import { SearchUsers } from '@lp/contracts';
import { addRoute, AppError, badRequest, type ServiceApp } from '@lp/service-kit';
import { toUserSummary } from '../../repositories/users';
import type { Identity } from '../../identity';

export const USER_NOT_FOUND = 'User not found: No user found with this email address.';

export async function searchRoutes(app: ServiceApp, identity: Identity) {
  addRoute(app, SearchUsers, async (request, reply) => {
    // 30 a minute per user (domain/attempt-window.ts): slows down guessing which addresses have accounts.
    const hit = await identity.searches.hit(request.user!.sub);
    if (!hit.allowed) {
      const seconds = hit.retryAfterSeconds;
      reply.header('retry-after', String(seconds));
      throw new AppError(429, `Too many searches. Try again in ${seconds} seconds.`, 'RATE_LIMITED');
    }
    const email = request.query.email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw badRequest('Enter a full e-mail address, such as friend@example.com.', 'VALIDATION');
    const found = await identity.users.byEmail(email);
    // Your own address is not a friend to challenge; saying so reveals nothing about anyone else.
    if (found && found._id.toHexString() === request.user!.sub) {
      throw badRequest("That is your own e-mail address. Enter a friend's e-mail address.", 'OWN_EMAIL');
    }
    if (!found) throw new AppError(404, USER_NOT_FOUND, 'USER_NOT_FOUND');
    return toUserSummary(found);
  });
}
