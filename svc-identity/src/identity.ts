// Everything identity's routes share, built once in app.ts (its wiring): the repositories (src/repositories/, the
// only code that touches the models), the sign-in workflow (src/auth/), the signing key and the clock.
import type { EventBus } from '@lp/service-kit';
import type { IdentityConfig } from './config';
import type { AdminPasswordSource } from './auth/admin-password';
import type { IdentityCookies } from './auth/cookies';
import type { SessionIssuer } from './auth/session-issuer';
import type { SignIn } from './auth/sign-in';
import type { SigningKey } from './keys/signing-key';
import type { AttemptsRepository } from './repositories/attempts';
import type { SearchesRepository } from './repositories/searches';
import type { SessionsRepository } from './repositories/sessions';
import type { SignInFlowsRepository } from './repositories/sign-in-flows';
import type { SubjectsRepository } from './repositories/subjects';
import type { UsersRepository } from './repositories/users';

export interface Identity {
  config: IdentityConfig;
  clock: () => Date;
  bus: EventBus;
  key: SigningKey;
  users: UsersRepository;
  sessions: SessionsRepository;
  signInFlows: SignInFlowsRepository;
  subjects: SubjectsRepository;
  issuer: SessionIssuer;
  cookies: IdentityCookies;
  signIn: SignIn;
  adminPassword: AdminPasswordSource;
  adminAttempts: AttemptsRepository;
  searches: SearchesRepository;
}
