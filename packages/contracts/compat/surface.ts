// The released surface of the contracts: every route's request and responses, every event's data, every RPC's
// request and reply, as plain JSON Schema (TypeBox schemas are JSON Schema; serialising drops its symbol keys).
import type { JsonSchema } from './schema-diff';

export interface RouteSurface {
  /** The exported names of the route (what front ends and services import). */
  names: string[];
  method: string;
  url: string;
  owner: string;
  access: string;
  bodyLimit?: number;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  /** Responses by status code (`200`, `4xx`). */
  response: Record<string, JsonSchema>;
}

export interface RpcSurface {
  request: JsonSchema;
  response: JsonSchema;
}

export interface Surface {
  /** By `METHOD url`: a route's identity on the wire. */
  routes: Record<string, RouteSurface>;
  /** Event type → data schema. */
  events: Record<string, JsonSchema>;
  /** RPC subject → request and reply data schemas. */
  rpcs: Record<string, RpcSurface>;
  /** Messages pushed to browsers (`PushMessage`, `PushEnd`), by export name; absent from releases before them. */
  messages?: Record<string, JsonSchema>;
}

/** The exports that are messages to the browser, read like an event's data by the gateway and the front ends. */
export const MESSAGE_EXPORTS = ['PushMessage', 'PushEnd'];

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A route contract; one without an owner (`OpenPushStream`) is served by the gateway itself. */
function isRoute(value: unknown): value is { method: string; url: string; owner?: string; access: string } & Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.method === 'string' && typeof v.url === 'string' && typeof v.access === 'string' && (v.owner === undefined || typeof v.owner === 'string');
}

const sortedEntries = <T>(record: Record<string, T>) => Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

/** The surface of a loaded `@lp/contracts` module (any version of it: only its exports' shapes are read). */
export function surfaceOf(contracts: Record<string, unknown>): Surface {
  const routes: Record<string, RouteSurface> = {};
  for (const [name, value] of sortedEntries(contracts)) {
    if (!isRoute(value)) continue;
    const key = `${value.method} ${value.url}`;
    if (routes[key]) { routes[key].names.push(name); continue; }
    routes[key] = plain({
      names: [name],
      method: value.method,
      url: value.url,
      owner: value.owner ?? 'gateway',
      access: value.access,
      ...(typeof value.bodyLimit === 'number' ? { bodyLimit: value.bodyLimit } : {}),
      ...(value.body ? { body: value.body as JsonSchema } : {}),
      ...(value.querystring ? { querystring: value.querystring as JsonSchema } : {}),
      ...(value.params ? { params: value.params as JsonSchema } : {}),
      response: (value.response ?? {}) as Record<string, JsonSchema>,
    });
  }
  const events = plain(Object.fromEntries(sortedEntries((contracts.events ?? {}) as Record<string, JsonSchema>)));
  const rpcs = plain(Object.fromEntries(sortedEntries((contracts.rpc ?? {}) as Record<string, RpcSurface>)));
  const messages = plain(Object.fromEntries(MESSAGE_EXPORTS.filter((name) => contracts[name]).map((name) => [name, contracts[name] as JsonSchema])));
  return { routes: Object.fromEntries(sortedEntries(routes)), events, rpcs, messages };
}
