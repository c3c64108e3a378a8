// `GET /api/admin/versions` (versions.ts): every slice's version for the owner's diagnostics page, behind the
// admin guard like the proxied admin routes; a service that does not answer is a row with its error.
import { randomUUID } from 'node:crypto';
import type { SliceVersions } from '@lp/contracts';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../src/config';
import { gatewayForFile, startGateway } from './helpers';

const LEARNER = '64b7f0c2a1b2c3d4e5f60718';
const OWNER = '64b7f0c2a1b2c3d4e5f60719';

const setup = gatewayForFile({ gateway: { version: '0.1.0+gateway1' } });
const versions = (cookie?: string) => setup.gateway.inject({ url: '/api/admin/versions', headers: cookie ? { cookie } : {} });

describe('the versions route', () => {
  it('refuses a visitor (401), a learner even with an admin token (403) and an owner without a live elevation (403)', async () => {
    expect((await versions()).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const learner = `lp_session=${await setup.keys.session(LEARNER)}; lp_admin=${await setup.keys.admin(LEARNER)}`;
    expect((await versions(learner)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const sid = randomUUID();
    const owner = `lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}`;
    expect((await versions(owner)).json()).toMatchObject({ statusCode: 403, code: 'ADMIN_ELEVATION_REQUIRED' });
    // An elevation of another session of the same owner is not this one's.
    expect((await versions(`${owner}; lp_admin=${await setup.keys.admin(OWNER, { sid: randomUUID() })}`)).statusCode).toBe(403);
  });

  it("answers the owner with elevation: the gateway's version and each service's /healthz version", async () => {
    const sid = randomUUID();
    const res = await versions(`lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}; lp_admin=${await setup.keys.admin(OWNER, { sid })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<SliceVersions>();
    expect(body.gateway).toBe('0.1.0+gateway1');
    expect(body.services).toEqual(SERVICE_NAMES.map((service) => ({ service, version: `0.1.0+fake-${service}` })));
  });

  it('shows a service that does not answer as a row with its error, not a failed page', async () => {
    const gateway = await startGateway({ upstreams: { ...setup.services.urls, feedback: 'http://127.0.0.1:9' }, verifier: setup.keys.verifier, natsUrl: null });
    try {
      const sid = randomUUID();
      const res = await gateway.inject({ url: '/api/admin/versions', headers: { cookie: `lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}; lp_admin=${await setup.keys.admin(OWNER, { sid })}` } });
      expect(res.statusCode).toBe(200);
      const rows = res.json<SliceVersions>().services;
      expect(rows.find((row) => row.service === 'feedback')).toEqual({ service: 'feedback', version: null, error: expect.stringMatching(/^not reachable/) });
      expect(rows.find((row) => row.service === 'study')).toEqual({ service: 'study', version: '0.1.0+fake-study' });
    } finally {
      await gateway.close();
    }
  });
});
