// A NATS server of a test's own (JetStream, its own store), which the test can stop and start again on the same
// port and store: for showing what a process does while NATS is away and once it is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Handle { child: { kill: (signal: string) => boolean }; exited: Promise<unknown> }

/** A TCP port nothing listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnNats() {
  // @ts-expect-error plain ESM module of the local tooling
  const tools = await import('../../../../deploy/local/tools.mjs');
  // @ts-expect-error plain ESM module of the local tooling
  const processes = await import('../../../../deploy/local/processes.mjs');
  const bin = tools.ensureNatsServer() as string;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lp-nats-'));
  let handle: Handle | null = null;
  const start = async () => {
    handle = processes.startProcess('nats-own', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')], { logFile: join(dir, 'nats.log') }) as Handle;
    await processes.waitForPort(handle, port);
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
    /** Stops the server (SIGTERM; clients see their connection close). */
    stop,
    /** Starts it again on the same port, with the same JetStream store. */
    start,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
