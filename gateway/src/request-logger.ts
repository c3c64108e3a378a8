// A per-request logger that costs nothing until something is logged. Fastify makes a pino child logger
// for every request (serialising its bindings); the gateway's hot path logs nothing, so it only creates
// the child, with the request id, when a failure is logged.
import type { FastifyBaseLogger } from 'fastify';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= parent.child(bindings, opts));
  const logger = {
    get level() { return real().level; },
    set level(value: string) { real().level = value; },
    child: (b: Record<string, unknown>, o?: object) => real().child(b, o),
  } as Record<string, unknown>;
  const enabled = (level: string) => (parent as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? true;
  for (const level of LEVELS) {
    logger[level] = (...args: unknown[]) => {
      if (enabled(level)) (real()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return logger as unknown as FastifyBaseLogger;
}
