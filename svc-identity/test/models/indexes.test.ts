// The indexes identity's queries need on MongoDB (every filter not on `_id`), declared on the models and built.
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauthFlowModel } from '../../src/models/oauth-flow';
import { sessionModel } from '../../src/models/session';
import { userModel } from '../../src/models/user';

let db: Connection;
beforeAll(async () => { db = await testConnection('identity_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('indexes users by provider subject and e-mail, sessions by refresh hash, sign-in flows by expiry', async () => {
  const users = await builtIndexes(userModel(db));
  expect(users).toContainEqual({ key: { provider: 1, providerSubject: 1 }, unique: true });
  expect(users).toContainEqual({ key: { emailLower: 1, createdAt: 1 }, unique: false });
  const sessions = await builtIndexes(sessionModel(db));
  expect(sessions).toContainEqual({ key: { refreshHash: 1 }, unique: true });
  expect(await builtIndexes(oauthFlowModel(db))).toContainEqual({ key: { expiresAt: 1 }, unique: false });
});
