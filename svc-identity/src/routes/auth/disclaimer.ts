// The AI disclaimer: accepted once per user, stored here, so it stays accepted on every device.
import { AcceptDisclaimer, GetDisclaimerStatus } from '@lp/contracts';
import { addRoute, unauthorized, type ServiceApp } from '@lp/service-kit';
import type { Identity } from '../../identity';

export async function disclaimerRoutes(app: ServiceApp, identity: Identity) {
  addRoute(app, GetDisclaimerStatus, async (request) => {
    const user = await identity.users.byId(request.user!.sub);
    if (!user) throw unauthorized();
    return { disclaimerAccepted: Boolean(user.disclaimerAcceptedAt) };
  });

  addRoute(app, AcceptDisclaimer, async (request) => {
    const user = await identity.users.acceptDisclaimer(request.user!.sub);
    if (!user) throw unauthorized();
    return { disclaimerAccepted: true };
  });
}
