// A NATS server of a test's own (JetStream, its own store), which the test can stop and start again on the same
// port and store: for showing what a process does while NATS is away and once it is back. Test tooling, beside the
// local stack it borrows the nats-server binary and process handling from (types: own-nats.d.mts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, waitForPort } from './processes.mjs';
import { ensureNatsServer } from './tools.mjs';

/** A TCP port nothing listens on right now (the kernel's pick). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnNats() {
  const bin = ensureNatsServer();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lp-nats-'));
  let handle = null;
  const start = async () => {
    handle = startProcess('nats-own', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')], { logFile: join(dir, 'nats.log') });
    await waitForPort(handle, port);
  };
  const stop = async () => {
    if (!handle) return;
    handle.child.kill('SIGTERM');
    await handle.exited;
    handle = null;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    stop,
    start,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
