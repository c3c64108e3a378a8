// Shared by the k6 scripts: where to aim, which cookie to send, and the guard that keeps a load
// test on hosts you own.
import exec from 'k6/execution';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

// Load tests only ever target your own loopback or test hosts. Anything else must be named
// explicitly in K6_ALLOWED_HOST (a host you run), or the test stops before its first request.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
export function assertOwnHost() {
  const host = BASE_URL.replace(/^https?:\/\//, '').replace(/[/:].*$/, '').toLowerCase();
  const allowed = (__ENV.K6_ALLOWED_HOST || '').toLowerCase();
  if (!LOOPBACK.test(host) && host !== allowed) {
    exec.test.abort(`BASE_URL host "${host}" is not loopback; set K6_ALLOWED_HOST=${host} only if it is your own test host`);
  }
}

// SESSION_COOKIE is the cookie pair copied from a signed-in browser, e.g. `lp_session=eyJ...`
// (`__Host-lp_session=...` behind a production gateway). A bare value gets the local name.
const raw = (__ENV.SESSION_COOKIE || '').trim();
export const SESSION_COOKIE = raw === '' ? '' : raw.includes('=') ? raw : `lp_session=${raw}`;

export function headers(extra = {}) {
  const h = { Accept: 'application/json', ...extra };
  if (SESSION_COOKIE) h.Cookie = SESSION_COOKIE;
  return h;
}

// Bounded by design: DURATION is capped at 10 minutes and the arrival rate at 500/s per scenario.
export function duration() {
  const d = __ENV.DURATION || '30s';
  const m = /^(\d+)(s|m)$/.exec(d);
  if (!m) throw new Error(`DURATION must look like 30s or 5m, got "${d}"`);
  const seconds = Number(m[1]) * (m[2] === 'm' ? 60 : 1);
  if (seconds < 1 || seconds > 600) throw new Error(`DURATION must be between 1s and 10m, got "${d}"`);
  return `${seconds}s`;
}

export function rate(name, fallback) {
  const value = Number(__ENV[name] || fallback);
  if (!Number.isInteger(value) || value < 1 || value > 500) throw new Error(`${name} must be a whole number from 1 to 500`);
  return value;
}

// RFC 4122 version 4, enough for answerId (idempotency keys must be fresh per answer).
export function uuid() {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}
