import type { ServiceDefinition } from '@lp/service-kit';
import { loadSigningKey } from './keys/signing-key';
import { jwksRoutes } from './routes/jwks';
import { sessionRoutes } from './routes/session';

export const identityService: ServiceDefinition = {
  name: 'identity',
  description: 'Users, sign-in, sessions, the disclaimer and admin elevation.',
  app: async (app) => {
    const key = await loadSigningKey(app.db);
    await jwksRoutes(app, { key });
    await sessionRoutes(app);
  },
};
