// Everything identity's routes share, built once in app.ts.
import type { EventBus } from '@lp/service-kit';
import type { IdentityConfig } from './config';
import type { AdminPasswordSource } from './auth/admin-password';
import type { IdentityCookies } from './auth/cookies';
import type { SessionIssuer } from './auth/session-issuer';
import type { SignIn } from './auth/sign-in';
import type { SigningKey } from './keys/signing-key';
import type { AttemptsRepository } from './repositories/attempts';
import type { SessionsRepository } from './repositories/sessions';
import type { UsersRepository } from './repositories/users';
import type { Connection } from 'mongoose';

export interface Identity {
  config: IdentityConfig;
  clock: () => Date;
  db: Connection;
  bus: EventBus;
  key: SigningKey;
  users: UsersRepository;
  sessions: SessionsRepository;
  issuer: SessionIssuer;
  cookies: IdentityCookies;
  signIn: SignIn;
  adminPassword: AdminPasswordSource;
  adminAttempts: AttemptsRepository;
}
