// Which build of each slice is running (issue 28 §1): the gateway's own route collecting every service's
// `/healthz` version, for the owner's diagnostics page. Served by the gateway itself, not by a service.
import { Type, type Static } from '@sinclair/typebox';
import { ErrorResponses } from './route';
import { GetServiceMetrics } from './service-metrics';

/** `0.1.0+3f2c1ab`: package.json's version plus the commit (`unknown` when it could not be read). */
export const SliceVersionText = Type.String({ description: 'package version + commit, e.g. 0.1.0+3f2c1ab' });

/** One service's answer: its version, or why it has none (`/healthz` did not answer). */
export const ServiceVersion = Type.Object({
  service: Type.String(),
  version: Type.Union([SliceVersionText, Type.Null()]),
  error: Type.Optional(Type.String()),
});
export type ServiceVersion = Static<typeof ServiceVersion>;

export const SliceVersions = Type.Object({
  gateway: SliceVersionText,
  services: Type.Array(ServiceVersion),
});
export type SliceVersions = Static<typeof SliceVersions>;

export const GetSliceVersions = {
  method: 'GET',
  url: '/api/admin/versions',
  access: 'admin',
  summary: "The gateway's version and each service's, from their /healthz (owner with admin elevation)",
  description: 'Served by the gateway. 401 without a session, 403 without the owner role and a live admin elevation.',
  response: { 200: SliceVersions, ...ErrorResponses },
} as const;

/** Routes the gateway answers itself (not proxied to a service): listed in urls.ts for the front ends all the same. */
export const gatewayRoutes = [GetSliceVersions, GetServiceMetrics] as const;
