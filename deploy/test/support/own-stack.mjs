// A stack of a test's own: FerretDB, NATS, the payment stand-ins, the services it names and the gateway, on ports
// of its own and throwaway data, whatever MONGODB_URI / NATS_URL say (`npm test` sets them for the slices).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopAll } from '../../local/processes.mjs';
import { repoRoot, startApplications, startInfrastructure, topology } from '../../local/stack.mjs';

/**
 * Port offset of a test's stack: beside `npm test`'s own stacks (e2e +0, chaos +5000, push +6000), at +7000 from
 * LP_TEST_PORT_OFFSET, 40 apart per `slot` (a stack spans 4001-4222 and 8080 past its offset).
 */
export function stackOffset(slot) {
  const base = Number(process.env.LP_STACK_TEST_PORT_OFFSET ?? Number(process.env.LP_TEST_PORT_OFFSET ?? 10_000) + 7_000);
  return base + slot * 40;
}

export async function startOwnStack({ slot, only }) {
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'own-stack-'));
  const topo = topology(stackOffset(slot));
  const handles = {};
  try {
    const infraEnv = await startInfrastructure({ topo, dataDir, own: true, handles });
    const apps = await startApplications({ topo, dataDir, infraEnv, only });
    return {
      ...apps, topo, infraEnv, handles, dataDir,
      serviceUrl: (name) => `http://127.0.0.1:${topo.services[name]}`,
      stop: async () => {
        await stopAll();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopAll();
    throw new Error(`${err.message} (logs in ${join(dataDir, 'logs')})`);
  }
}
