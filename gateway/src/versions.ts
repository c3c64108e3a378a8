// `GET /api/admin/versions` (issue 28 §1): the gateway's version and every service's, as their `/healthz` report
// them, for the owner's diagnostics page. The gateway's own route: the services are asked over the same pools
// the proxied calls use, and a service that does not answer is a row with its error, not a failed page.
import type { ServiceVersion, SliceVersions } from '@lp/contracts';
import type { Upstreams } from './upstreams';

const ASK_TIMEOUT_MS = 2000;

export async function collectVersions(gateway: string, upstreams: Upstreams): Promise<SliceVersions> {
  const services = await Promise.all(upstreams.names().map(async (service): Promise<ServiceVersion> => {
    try {
      const res = await upstreams.pool(service).request({ method: 'GET', path: '/healthz', headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS });
      const body = (await res.body.json().catch(() => null)) as { version?: unknown } | null;
      if (res.statusCode !== 200) return { service, version: null, error: `/healthz answered ${res.statusCode}` };
      return typeof body?.version === 'string' ? { service, version: body.version } : { service, version: null, error: 'reports no version' };
    } catch (err) {
      return { service, version: null, error: `not reachable (${(err as Error).message})` };
    }
  }));
  return { gateway, services };
}
