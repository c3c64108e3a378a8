// Compare two released surfaces: every break of an existing consumer (issue 28 §3). Pure.
import { schemaBreaks, type BreakKind, type Direction, type JsonSchema } from './schema-diff';
import type { Surface } from './surface';

export type SubjectKind = 'route' | 'event' | 'rpc' | 'message';

/** What broke: a route (`GET /api/x`), an event type or an RPC subject, with who owns it. */
export interface Subject {
  kind: SubjectKind;
  key: string;
  /** The slice that serves or publishes it: `svc-content` (empty for push messages, which several services send). */
  owner: string;
  /** Exported names of a route or message (what consumers import). */
  names: string[];
}

export interface ContractBreak {
  subject: Subject;
  /** `request body`, `response 200`, `data`, `data (events already in the stream)`, `request`, `reply`. */
  part: string;
  kind: BreakKind | 'removed' | 'access-narrowed' | 'body-limit-lowered';
  path: string;
  detail: string;
}

/** Who may call a route, from widest to narrowest (packages/contracts/src/route.ts). */
const ACCESS_ORDER = ['public', 'user', 'owner', 'admin'];

const NOTHING_SENT: JsonSchema = { type: 'object', properties: {} };

/** `svc-<name>` for a service, the gateway as itself. */
export const ownerSlice = (owner: string) => (owner === 'gateway' ? 'gateway' : `svc-${owner}`);

export function compareSurfaces(prev: Surface, next: Surface): ContractBreak[] {
  return [...routeBreaks(prev, next), ...eventBreaks(prev, next), ...rpcBreaks(prev, next), ...messageBreaks(prev, next)];
}

function parts(subject: Subject, part: string, prev: JsonSchema | undefined, next: JsonSchema | undefined, direction: Direction): ContractBreak[] {
  return schemaBreaks(prev, next, direction).map((b) => ({ subject, part, ...b }));
}

function routeBreaks(prev: Surface, next: Surface): ContractBreak[] {
  return Object.entries(prev.routes).flatMap(([key, old]) => {
    const subject: Subject = { kind: 'route', key, owner: ownerSlice(old.owner), names: old.names };
    const now = next.routes[key];
    if (!now) return [{ subject, part: 'route', kind: 'removed' as const, path: '(root)', detail: `${key} is gone` }];
    const breaks: ContractBreak[] = [];
    if (ACCESS_ORDER.indexOf(now.access) > ACCESS_ORDER.indexOf(old.access)) {
      breaks.push({ subject, part: 'access', kind: 'access-narrowed', path: '(root)', detail: `${old.access} → ${now.access}` });
    }
    if (old.bodyLimit !== undefined && (now.bodyLimit ?? 1_048_576) < old.bodyLimit) {
      breaks.push({ subject, part: 'bodyLimit', kind: 'body-limit-lowered', path: '(root)', detail: `${old.bodyLimit} → ${now.bodyLimit ?? 'the 1 MiB default'} bytes` });
    }
    for (const part of ['body', 'querystring', 'params'] as const) {
      // Callers of a route without a body (query, params) sent none: a new required one breaks them.
      breaks.push(...parts(subject, `request ${part}`, old[part] ?? NOTHING_SENT, now[part] ?? {}, 'request'));
    }
    for (const [status, schema] of Object.entries(old.response)) {
      if (!now.response[status]) {
        if (status.startsWith('2')) breaks.push({ subject, part: `response ${status}`, kind: 'removed', path: '(root)', detail: `no ${status} response any more` });
        continue;
      }
      breaks.push(...parts(subject, `response ${status}`, schema, now.response[status], 'response'));
    }
    return breaks;
  });
}

/** The service named by the first segment of a subject: `study.rpc.entitlement` → `svc-study`. */
const subjectOwner = (key: string) => ownerSlice(key.split('.')[0] ?? key);

function eventBreaks(prev: Surface, next: Surface): ContractBreak[] {
  return Object.entries(prev.events).flatMap(([key, old]) => {
    const subject: Subject = { kind: 'event', key, owner: subjectOwner(key), names: [] };
    const now = next.events[key];
    if (!now) return [{ subject, part: 'event', kind: 'removed' as const, path: '(root)', detail: `${key} is no longer published` }];
    // Consumers on the old release read new events; consumers on the new one read events already in the stream.
    const read = parts(subject, 'data', old, now, 'response');
    const replayed = parts(subject, 'data (events already in the stream)', old, now, 'request')
      .filter((b) => !read.some((r) => r.path === b.path && r.kind === b.kind));
    return [...read, ...replayed];
  });
}

function rpcBreaks(prev: Surface, next: Surface): ContractBreak[] {
  return Object.entries(prev.rpcs).flatMap(([key, old]) => {
    const subject: Subject = { kind: 'rpc', key, owner: subjectOwner(key), names: [] };
    const now = next.rpcs[key];
    if (!now) return [{ subject, part: 'rpc', kind: 'removed' as const, path: '(root)', detail: `${key} is no longer answered` }];
    return [...parts(subject, 'request', old.request, now.request, 'request'), ...parts(subject, 'reply', old.response, now.response, 'response')];
  });
}

/** Push messages: the gateway and the front ends read them (a browser on an older remote too). */
function messageBreaks(prev: Surface, next: Surface): ContractBreak[] {
  return Object.entries(prev.messages ?? {}).flatMap(([key, old]) => {
    const subject: Subject = { kind: 'message', key, owner: '', names: [key] };
    const now = next.messages?.[key];
    if (!now) return [{ subject, part: 'message', kind: 'removed' as const, path: '(root)', detail: `${key} is gone` }];
    return parts(subject, 'data', old, now, 'response');
  });
}
