import { GetSession } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';

export async function sessionRoutes(app: ServiceApp) {
  addRoute(app, GetSession, async (request) => {
    const user = request.user!;
    return { userId: user.sub, role: user.role, expiresAt: new Date(user.exp * 1000).toISOString() };
  });
}
