// The indexes feedback's queries need on MongoDB (every filter not on `_id`), declared on the models and built.
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedbackModels } from '../../src/models';

let db: Connection;
beforeAll(async () => { db = await testConnection('feedback_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('indexes a learner\'s tickets, the inbox by category, and the updates and outcomes of a page of tickets', async () => {
  const m = feedbackModels(db);
  const tickets = await builtIndexes(m.tickets);
  expect(tickets).toContainEqual({ key: { userId: 1 }, unique: false });
  expect(tickets).toContainEqual({ key: { category: 1 }, unique: false });
  expect(await builtIndexes(m.updates)).toContainEqual({ key: { ticketNumber: 1 }, unique: false });
  expect(await builtIndexes(m.outcomes)).toContainEqual({ key: { ticketNumber: 1 }, unique: false });
});
