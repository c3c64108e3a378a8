// svc-identity: users, sign-in (grant → Google, or the local OpenID provider with demo accounts), sessions,
// the disclaimer, admin elevation. `createIdentityService` takes its environment and clock, so tests can set both.
import type { ServiceApp, ServiceDefinition } from '@lp/service-kit';
import { loadAdminPassword } from './auth/admin-password';
import { IdentityCookies } from './auth/cookies';
import { SessionEnds } from './auth/session-ends';
import { SessionIssuer } from './auth/session-issuer';
import { startSignIn } from './auth/sign-in';
import { readIdentityConfig } from './config';
import { ADMIN_ATTEMPTS, USER_SEARCHES } from './domain/attempt-window';
import { DEMO_ADMIN_PASSWORD } from './domain/demo-accounts';
import { seedDemoAccounts } from './events/seed-demo';
import { subjectsConsumer } from './events/subjects';
import type { Identity } from './identity';
import { loadSigningKey } from './keys/signing-key';
import { AttemptsRepository } from './repositories/attempts';
import { SearchesRepository } from './repositories/searches';
import { SessionsRepository } from './repositories/sessions';
import { SignInFlowsRepository } from './repositories/sign-in-flows';
import { SubjectsRepository } from './repositories/subjects';
import { UsersRepository } from './repositories/users';
import { adminRoutes } from './routes/admin/index';
import { disclaimerRoutes } from './routes/auth/disclaimer';
import { sessionRoutes } from './routes/auth/session';
import { jwksRoutes } from './routes/jwks';
import { sessionEndedRoute } from './routes/session-ended';
import { loginRoutes } from './routes/login/index';
import { liveSession } from './routes/signed-in';
import { userRoutes } from './routes/user/index';
import { searchRoutes } from './routes/users/search';

export interface IdentityServiceOptions {
  env?: NodeJS.ProcessEnv;
  clock?: () => Date;
}

export function createIdentityService({ env = process.env, clock = () => new Date() }: IdentityServiceOptions = {}): ServiceDefinition {
  const config = readIdentityConfig(env);
  return {
    name: 'identity',
    description: 'Users, sign-in, sessions, the disclaimer and admin elevation.',
    app: async (app: ServiceApp) => {
      const key = await loadSigningKey(app.db, env);
      const adminPassword = await loadAdminPassword(config);
      const cookies = new IdentityCookies(config.production, clock);
      const users = new UsersRepository(app.db, clock);
      const sessions = new SessionsRepository(app.db, config.session, clock);
      const signIn = await startSignIn(config, { demoAdminPassword: adminPassword.kind === 'demo' ? DEMO_ADMIN_PASSWORD : undefined });
      app.addHook('onClose', () => signIn.close());
      if (!signIn.enabled) app.log.error(signIn.reason);
      else app.log.info({ provider: signIn.settings.name, issuer: signIn.settings.issuers[0] }, 'sign-in ready');

      const identity: Identity = {
        config, clock, bus: app.bus, key, users, sessions, cookies, signIn, adminPassword,
        signInFlows: new SignInFlowsRepository(app.db, clock), subjects: new SubjectsRepository(app.db),
        issuer: new SessionIssuer(key, sessions, users, cookies, clock, new SessionEnds(sessions, app.bus, app.sessions.revocations, clock).finishRelayed()),
        adminAttempts: new AttemptsRepository(app.db, ADMIN_ATTEMPTS, clock),
        searches: new SearchesRepository(app.db, USER_SEARCHES, clock),
      };
      if (signIn.enabled && signIn.settings.name === 'local') await seedDemoAccounts({ bus: app.bus, users });

      app.decorateRequest('identitySession', null);
      await jwksRoutes(app, { key });
      await sessionEndedRoute(app, sessions);
      await loginRoutes(app, identity);
      await sessionRoutes(app, identity);
      // Identity's signed-in routes: the session must still be alive in identity's records, not only signed.
      await app.register(async (signedIn) => {
        signedIn.addHook('preValidation', liveSession(identity));
        const scope = signedIn as ServiceApp;
        await disclaimerRoutes(scope, identity);
        await userRoutes(scope, identity);
        await searchRoutes(scope, identity);
        await adminRoutes(scope, identity);
      });
    },
    consumers: (app) => [subjectsConsumer(new SubjectsRepository(app.db))],
  };
}

export const identityService = createIdentityService();
