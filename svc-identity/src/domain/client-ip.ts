// The caller's address for per-IP limits. X-Forwarded-For is believed only from a trusted proxy (the gateway, and
// a load balancer in front of it): walking back from the socket, each hop's entry is taken while the hop that
// wrote it is trusted. A direct caller that is not a trusted proxy is keyed by its socket address, whatever
// X-Forwarded-For it sends.
import { BlockList, isIP } from 'node:net';

export type TrustCheck = (address: string) => boolean;

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
