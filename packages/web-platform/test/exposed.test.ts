import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadExposed, setExposedModuleLoader } from '../src/exposed.ts';

const Remote = () => null;
const Local = () => null;

afterEach(() => {
  setExposedModuleLoader(null);
  vi.restoreAllMocks();
});

describe('loadExposed', () => {
  it("gives the component the remote exports under the module's name, or as its default", async () => {
    const asked: string[] = [];
    setExposedModuleLoader(async (request) => {
      asked.push(request);
      return request === 'billing/UpgradeDialog' ? { UpgradeDialog: Remote } : { default: Remote };
    });
    await expect(loadExposed('billing', 'UpgradeDialog', { fallback: Local })).resolves.toBe(Remote);
    await expect(loadExposed('challenge', 'CreateChallengeDialog')).resolves.toBe(Remote);
    expect(asked).toEqual(['billing/UpgradeDialog', 'challenge/CreateChallengeDialog']);
  });

  it('gives the fallback when the remote fails, stalls past timeoutMs or exports no component', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setExposedModuleLoader(() => Promise.reject(new Error('remote down')));
    await expect(loadExposed('billing', 'UpgradeDialog', { fallback: Local })).resolves.toBe(Local);
    setExposedModuleLoader(() => new Promise(() => {}));
    await expect(loadExposed('billing', 'UpgradeDialog', { timeoutMs: 1, fallback: Local })).resolves.toBe(Local);
    setExposedModuleLoader(async () => ({ UpgradeDialog: 'not a component' }));
    await expect(loadExposed('billing', 'UpgradeDialog', { fallback: Local })).resolves.toBe(Local);
  });

  it('without a fallback the failure is the caller’s', async () => {
    setExposedModuleLoader(() => Promise.reject(new Error('remote down')));
    await expect(loadExposed('challenge', 'CreateChallengeDialog')).rejects.toThrow('remote down');
    setExposedModuleLoader(() => new Promise(() => {}));
    await expect(loadExposed('challenge', 'CreateChallengeDialog', { timeoutMs: 1 })).rejects.toThrow('no answer from challenge/CreateChallengeDialog within 1 ms');
  });
});
