import { describe, expect, it } from 'vitest';
import { readContentConfig } from '../src/config';
import { DEFAULT_SEED_DIR } from '../src/publishing/seed';

describe('svc-content settings', () => {
  it('seeds by default, and fails closed after the contract\u2019s RPC timeout', () => {
    const config = readContentConfig({});
    expect(config).toMatchObject({ seed: true, seedDir: DEFAULT_SEED_DIR, entitlementTimeoutMs: 2000 });
  });

  it('reads CONTENT_SEED, CONTENT_SEED_DIR and ENTITLEMENT_TIMEOUT_MS', () => {
    expect(readContentConfig({ CONTENT_SEED: 'off', CONTENT_SEED_DIR: '/srv/bank', ENTITLEMENT_TIMEOUT_MS: '750' })).toMatchObject({ seed: false, seedDir: '/srv/bank', entitlementTimeoutMs: 750 });
    expect(readContentConfig({ CONTENT_SEED: 'false', ENTITLEMENT_TIMEOUT_MS: 'soon' })).toMatchObject({ seed: false, entitlementTimeoutMs: 2000 });
  });
});
