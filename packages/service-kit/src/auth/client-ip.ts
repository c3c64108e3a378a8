// The caller's address, the one way every service reads it (per-IP limits, per-visitor records). X-Forwarded-For is
// believed only from a trusted proxy (the gateway, and a load balancer in front of it: TRUSTED_PROXIES): walking
// back from the socket, each hop's entry is taken while the hop that wrote it is trusted. A direct caller that is
// not a trusted proxy is keyed by its socket address, whatever X-Forwarded-For it sends.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export type TrustCheck = (address: string) => boolean;

/** Loopback: where the embedded default's gateway runs. */
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1/8, ::1';

/** `127.0.0.1/8, ::1, 10.0.0.0/8` → a check; an entry that is not an address or a CIDR throws (a config error). */
export function trustedProxies(list: string): TrustCheck {
  const blocks = new BlockList();
  for (const entry of list.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address);
    if (!family || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`not an IP address or CIDR: "${entry}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && blocks.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** TRUSTED_PROXIES from the environment; a malformed list, or the retired TRUSTED_PROXY_HOPS, stops start-up. */
export function readTrustedProxies(env: NodeJS.ProcessEnv): TrustCheck {
  if (env.TRUSTED_PROXY_HOPS !== undefined && env.TRUSTED_PROXIES === undefined) {
    // Counting hops trusted any caller that reached a service directly; addresses cannot be forged that way.
    throw new Error('TRUSTED_PROXY_HOPS is replaced by TRUSTED_PROXIES: the addresses or CIDRs of the gateway (and any load balancer), e.g. 10.0.0.0/8.');
  }
  try {
    return trustedProxies(env.TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES);
  } catch (err) {
    throw new Error(`TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDRs: ${(err as Error).message}.`);
  }
}

export function clientIp(forwardedFor: string | string[] | undefined, socketIp: string, trusted: TrustCheck): string {
  if (forwardedFor === undefined || !trusted(socketIp)) return socketIp;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',').map((e) => e.trim()).filter(Boolean);
  let ip = socketIp;
  for (let i = entries.length - 1; i >= 0; i--) {
    ip = entries[i]!;
    if (!trusted(ip)) return ip;
  }
  return ip;
}

const defaultTrust = trustedProxies(DEFAULT_TRUSTED_PROXIES);

/**
 * The request's client address: its X-Forwarded-For only as far as trusted proxies wrote it (the service's
 * `config.trustedProxies`, from TRUSTED_PROXIES), else the socket's address.
 */
export function requestIp(request: FastifyRequest): string {
  const trusted = (request.server as { config?: { trustedProxies?: TrustCheck } }).config?.trustedProxies ?? defaultTrust;
  return clientIp(request.headers['x-forwarded-for'], request.socket?.remoteAddress ?? request.ip, trusted);
}
