// The provider's signing keys, found through its OpenID discovery document (read once, retried after a failure).
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

export function discoveredJwks(discoveryUrl: string, issuers: string[], fetchImpl: typeof fetch = fetch): () => Promise<JWTVerifyGetKey> {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return () => {
    keys ??= (async () => {
      const res = await fetchImpl(discoveryUrl, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`The provider's discovery document answered ${res.status}.`);
      const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
      if (!doc.issuer || !issuers.includes(doc.issuer)) throw new Error(`The provider's discovery document names issuer ${doc.issuer}, not ${issuers[0]}.`);
      if (!doc.jwks_uri) throw new Error("The provider's discovery document has no jwks_uri.");
      return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000 });
    })();
    keys.catch(() => { keys = undefined; });
    return keys;
  };
}
