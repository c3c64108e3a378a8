// vitest globalSetup for a slice run alone: starts FerretDB and NATS on test ports unless
// MONGODB_URI / NATS_URL already point at running servers (as `npm test` does).
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export default async function setup() {
  if (process.env.MONGODB_URI && process.env.NATS_URL) return;
  // @ts-expect-error plain ESM module of the local tooling
  const stack = await import('../../../../deploy/local/stack.mjs');
  // @ts-expect-error plain ESM module of the local tooling
  const processes = await import('../../../../deploy/local/processes.mjs');
  mkdirSync(join(stack.repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(stack.repoRoot, '.data', 'slice-test-'));
  const env = await stack.startInfrastructure({ topo: stack.topology(Number(process.env.LP_SLICE_PORT_OFFSET ?? 11_000)), dataDir });
  Object.assign(process.env, env);
  return async () => {
    await processes.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
