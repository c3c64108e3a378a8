// The W3C traceparent a call came with: the browser starts every call's trace (issue 29 §1).

/** `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`; an all-zero id is invalid (W3C Trace Context). */
const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}$/;
const ZEROS = /^0+$/;

/** The trace id of a W3C traceparent header, or undefined when it is missing or malformed. */
export function traceIdOfHeader(traceparent: string | string[] | undefined): string | undefined {
  if (typeof traceparent !== 'string') return undefined;
  const m = TRACEPARENT.exec(traceparent.trim());
  return m && !ZEROS.test(m[1]!) && !ZEROS.test(m[2]!) ? m[1] : undefined;
}
