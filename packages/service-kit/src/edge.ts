/**
 * `@lp/service-kit/edge`: the part of the kit the gateway runs on (session verification and revocations, cookie
 * names, error bodies, log options, the body limit), without the rest (mongoose, NATS events, swagger, the
 * OpenTelemetry SDK). The gateway proxies every call: each module it holds in memory makes its garbage collector's
 * full collections longer, and `npm run bench` measured the whole kit at about a fifth of the gateway's CPU per
 * request (issue 11).
 */
export { createSessionVerifier, cookieNames, type SessionClaims, type SessionVerifier } from './auth/session';
export { connectRevocations } from './auth/revocations';
export { errorBody } from './errors';
export { loggerOptions } from './logging';
export { DEFAULT_BODY_LIMIT } from './limits';
