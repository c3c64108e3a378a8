// Security headers on every answer of the public origin, from helmet (the maintained source of these values),
// computed once at start: none of them depends on the request, so the hot path only copies a constant list.
//
// The CSP is what the shell and the remotes run under: scripts only from this origin (Module Federation loads
// remotes from /remotes/*; no inline script anywhere), styles from this origin plus inline style attributes
// (React's `style` props; inline *scripts* stay refused), images also as data: and from https (Google profile
// pictures), calls only to this origin, and no framing by anyone (`frame-ancestors 'none'`, plus
// X-Frame-Options for old browsers): a signed-in page cannot be framed by another page of the same site.
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  production: boolean;
  /**
   * `api`: for JSON answers, which load nothing and are never documents to render: the minimal policy OWASP
   * advises for APIs (`default-src 'none'; frame-ancestors 'none'`). Fewer bytes on the hot path, and stricter.
   * Headers that only act on a document a browser renders (X-Frame-Options, which `frame-ancestors` supersedes,
   * and Cross-Origin-Opener-Policy) are left to pages.
   */
  kind?: 'page' | 'api' | 'worker';
  /**
   * (`worker`: the shell's service worker script, `/sw.js`. A worker's own policy governs what it fetches: the API
   * policy would refuse every call it makes, so it may connect to this origin and nothing else.)
   *
   * Outside production, the origins of the loopback dev servers actually configured (`GATEWAY_DEV_ORIGINS`, and
   * loopback manifests in `REMOTES_JSON`): their scripts, styles, manifests and live-reload sockets are allowed.
   * None by default, and never in production: a page may load scripts only from origins someone chose.
   */
  devOrigins?: readonly string[];
}

/**
 * Razorpay Checkout (razorpay.com/docs: the CSP its checkout needs): its script, the frame it opens and its
 * telemetry calls. With real keys the subscription page loads it; the local stand-in and PayPal (an approval
 * link the page navigates to) need nothing here.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://lumberjack.razorpay.com'],
};

const API_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
const WORKER_DIRECTIVES = { 'default-src': ["'none'"], 'connect-src': ["'self'"], 'frame-ancestors': ["'none'"] };

/** The service worker's script (shell/src/service-worker/sw.js), served with the worker policy. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * Outside production a developer runs one remote from its dev server (`npm run dev -w mfe-learn`, on a
 * loopback port) inside this shell: its scripts, manifest and live-reload socket are on another origin.
 * `http://127.0.0.1:3001` → itself and `ws://127.0.0.1:3001`.
 */
function devSources(origins: readonly string[]): { servers: string[]; sockets: string[] } {
  return { servers: [...origins], sockets: origins.map((o) => o.replace(/^http/, 'ws')) };
}

export function securityHeaders({ production, kind = 'page', devOrigins = [] }: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  const api = kind !== 'page';
  const { servers: devServers, sockets: devSockets } = devSources(production ? [] : devOrigins);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: kind === 'worker' ? WORKER_DIRECTIVES : api ? API_DIRECTIVES : {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...RAZORPAY.script, ...devServers],
        // Razorpay's hosted checkout opens in a frame of its own (mfe-billing, with real keys).
        'frame-src': RAZORPAY.frame,
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'", ...devServers],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...RAZORPAY.connect, ...devServers, ...devSockets],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Cross-origin isolation would break the remotes' CORS loading from a CDN origin; not needed here.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: api ? false : { policy: 'same-origin' },
    // Same origin for everything; /remotes/* (public, CORS-enabled bundles) relax it to cross-origin in static.ts.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: api ? false : { action: 'deny' },
    // HSTS only where the origin is HTTPS: on http://127.0.0.1 it would be ignored at best.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Legacy headers with nothing left to protect in the browsers we support (X-XSS-Protection is even
    // harmful when on); each costs bytes on every answer.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
  });
  const collected = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => { collected.set(name.toLowerCase(), String(value)); },
    removeHeader: (name: string) => { collected.delete(name.toLowerCase()); },
    getHeader: (name: string) => collected.get(name.toLowerCase()),
  };
  let finished = false;
  middleware({ headers: {} } as never, res as never, () => { finished = true; });
  if (!finished) throw new Error('helmet did not finish synchronously; the security headers could not be computed');
  return [...collected.entries()];
}
