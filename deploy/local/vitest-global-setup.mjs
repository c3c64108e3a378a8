// vitest globalSetup of every slice's tests (their vitest.config.ts names this file): for a slice run alone it starts
// FerretDB and NATS on test ports (LP_SLICE_PORT_OFFSET) unless MONGODB_URI / NATS_URL already point at running
// servers (as `npm test` does). It lives with the local tooling it starts, so the slices' code never imports deploy/.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopAll } from './processes.mjs';
import { repoRoot, startInfrastructure, topology } from './stack.mjs';

export default async function setup() {
  if (process.env.MONGODB_URI && process.env.NATS_URL) return;
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'slice-test-'));
  const env = await startInfrastructure({ topo: topology(Number(process.env.LP_SLICE_PORT_OFFSET ?? 11_000)), dataDir });
  Object.assign(process.env, env);
  return async () => {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
