import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@lp/service-kit';
import { buildTestService, createTestKeys, serviceBasics } from '@lp/service-kit/testing';
import { studyService } from '../src/app';

let app: ServiceApp;
beforeAll(async () => { app = await buildTestService(studyService, await createTestKeys()); });
afterAll(async () => { await app?.close(); });

describe('svc-study on real FerretDB and NATS', () => {
  it('is alive, ready with Mongo and NATS, documents its API, and owns its own database', async () => {
    const basics = await serviceBasics(app);
    expect(basics.health).toBe(200);
    expect(basics.ready).toMatchObject({ status: 200, mongo: true, nats: true });
    expect(basics.openapi.info.title).toBe('svc-study');
    expect(basics.docsUi).toBe(200);
    expect(basics.database).toMatch(/^study_t_/);
    for (const path of ['/api/sessions', '/api/sessions/{id}', '/api/answers', '/api/mistakes/total', '/api/chapters/progress/batch', '/api/questions/review', '/api/subscription/status', '/api/admin/revision-settings']) {
      expect(basics.openapi.paths, path).toHaveProperty([path]);
    }
  });
});
