// Bodies are validated as sent (no type coercion): `true` is not the password "true" nor a day count of 1.
// Querystrings and params are strings on the wire and are still coerced to the schema's types.
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ServiceApp } from '../src/service';
import { createTestKeys, uniqueDbName } from '../src/testing/index';

describe('request validation', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    const keys = await createTestKeys();
    app = await createService({
      name: 'feedback', description: 'validation test',
      app: async (a) => {
        a.post('/settings/:day', {
          schema: {
            body: Type.Object({ password: Type.String(), days: Type.Integer(), tags: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false }),
            params: Type.Object({ day: Type.Integer() }),
            querystring: Type.Object({ dryRun: Type.Optional(Type.Boolean()), ids: Type.Optional(Type.Array(Type.Integer())) }),
          },
        }, async (request) => ({ body: request.body, params: request.params, query: request.query }));
      },
    }, { dbName: uniqueDbName('validation'), verifier: keys.verifier, logger: false });
  });
  afterAll(async () => { await app?.close(); });

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

  it('refuses a body whose values have the wrong JSON type instead of converting them', async () => {
    const asBoolean = await post('/settings/1', { password: true, days: 3 });
    expect(asBoolean.statusCode).toBe(400);
    expect(asBoolean.json().message).toMatch(/password must be string/);
    const dayAsBoolean = await post('/settings/1', { password: 'secret', days: true });
    expect(dayAsBoolean.statusCode).toBe(400);
    expect(dayAsBoolean.json().message).toMatch(/days must be integer/);
    expect((await post('/settings/1', { password: 'secret', days: '3' })).statusCode).toBe(400);
    expect((await post('/settings/1', { password: 'secret', days: 3, tags: 'one' })).statusCode).toBe(400);
  });

  it('still reads params and querystrings into their types, and takes a well-typed body as sent', async () => {
    const ok = await post('/settings/7?dryRun=true&ids=1&ids=2', { password: 'secret', days: 3 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ body: { password: 'secret', days: 3 }, params: { day: 7 }, query: { dryRun: true, ids: [1, 2] } });
  });
});
