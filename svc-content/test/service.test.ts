import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, serviceBasics } from '@lp/service-kit/testing';
import { buildContent } from './support/harness';

let app: ServiceApp;
beforeAll(async () => { app = await buildContent(await createTestKeys()); });
afterAll(async () => { await app?.close(); });

describe('svc-content on real FerretDB and NATS', () => {
  it('is alive, ready with Mongo and NATS, documents its API, and owns its own database', async () => {
    const basics = await serviceBasics(app);
    expect(basics.health).toBe(200);
    expect(basics.ready).toMatchObject({ status: 200, mongo: true, nats: true });
    expect(basics.openapi.info.title).toBe('svc-content');
    expect(basics.docsUi).toBe(200);
    expect(basics.database).toMatch(/^content_t_/);
  });
});
