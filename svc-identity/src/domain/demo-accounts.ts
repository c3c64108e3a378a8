// The local provider's demo accounts, one per role a new user may want to try. Their ids are fixed, so the
// seed is an idempotent upsert and other services' demo data can refer to them.
import { DEMO_SUBSCRIBER, type Role } from '@lp/contracts';

export interface DemoAccount {
  /** The `sub` the local provider issues. */
  subject: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** One line for the login page. */
  summary: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    subject: 'demo-learner',
    userId: '64d1de000000000000000001',
    firstName: 'Asha',
    lastName: 'Learner',
    email: 'asha@demo.test',
    role: 'learner',
    summary: 'Free learner: sample quizzes and one free trial quiz.',
  },
  {
    subject: 'demo-subscriber',
    userId: DEMO_SUBSCRIBER.userId, // its year of premium is granted by svc-billing
    firstName: 'Ravi',
    lastName: 'Subscriber',
    email: 'ravi@demo.test',
    role: 'learner',
    summary: 'Subscriber: full chapter and topic quizzes, progress, revision, mistake review and challenges.',
  },
  {
    subject: 'demo-owner',
    userId: '64d1de000000000000000003',
    firstName: 'Owner',
    lastName: 'Admin',
    email: 'owner@demo.test',
    role: 'owner',
    summary: 'Owner (admin): the Admin menu for content upload and revision settings.',
  },
];

export const demoAccountBySubject = (subject: string) => DEMO_ACCOUNTS.find((a) => a.subject === subject);

/** The admin password of the embedded default when ADMIN_PASSWORD_HASH is not set (never in production). */
export const DEMO_ADMIN_PASSWORD = 'admin-demo';
