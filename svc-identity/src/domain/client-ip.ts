// The caller's address for per-IP limits. Identity is reached through the gateway, which writes the client's
// address as the last X-Forwarded-For entry; with more trusted proxies in front, count that many from the end.

export function clientIp(forwardedFor: string | string[] | undefined, socketIp: string, trustedHops: number): string {
  if (trustedHops <= 0 || forwardedFor === undefined) return socketIp;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return socketIp;
  return entries[Math.max(0, entries.length - trustedHops)]!;
}
