// X-Request-Id: the caller's when it is a plain token, else one made here. Made ones are this process's random
// prefix and a counter: unique across replicas and restarts as UUIDs are, for a fraction of the cost on the hot
// path (randomUUID was ~1 % of the gateway's CPU per proxied call, `npm run bench`). Ids correlate log lines;
// nothing relies on them being unguessable.
import { randomBytes } from 'node:crypto';

const ACCEPTED = /^[\w.:-]{1,64}$/;
const prefix = randomBytes(6).toString('hex');
let counter = 0;

/** A new id: `<12 hex digits of this process>-<counter in base 36>`. */
export function newRequestId(): string {
  counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return `${prefix}-${counter.toString(36)}`;
}

/** The request's id: its own X-Request-Id when that is a plain token of up to 64 characters, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && ACCEPTED.test(incoming) ? incoming : newRequestId();
}
