// The embedded default's topology, and how to bring it up: infrastructure, services, gateway.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretdb, ensureNatsServer, ProvisionError } from './tools.mjs';
import { portInUse, startProcess, waitForHttp, waitForPort } from './processes.mjs';
import { BUILT_ENTRY, buildSlices } from './build-services.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVICES = ['identity', 'content', 'study', 'challenge', 'billing', 'feedback'];

/** Where Linux hands out local ports to outgoing connections (ip_local_port_range); a listener there can find its port taken. */
const EPHEMERAL_PORTS_FROM = 32768;

/**
 * Ports of one stack; tests use an offset so they never collide with a running `npm start`. An offset stack
 * keeps FerretDB beside the others (4017 + offset, not 27017 + offset) so that every port stays below the
 * ephemeral range for offsets up to 24000.
 */
export function topology(offset = 0) {
  const ports = {
    mongoPort: offset === 0 ? 27017 : 4017 + offset,
    natsPort: 4222 + offset,
    gatewayPort: 8080 + offset,
    oidcPort: 4010 + offset,
    /** Local stand-ins for the payment gateways and the AI provider (the embedded default; real keys skip them). */
    standIns: { razorpay: 4011 + offset, paypal: 4012 + offset, openai: 4013 + offset },
    services: Object.fromEntries(SERVICES.map((name, i) => [name, 4001 + i + offset])),
  };
  if (ports.gatewayPort >= EPHEMERAL_PORTS_FROM) {
    console.warn(`[stack] ports offset by ${offset} reach ${ports.gatewayPort}, inside the range the kernel gives outgoing connections (${EPHEMERAL_PORTS_FROM}+): a start can fail with the port in use. Offsets up to 24000 avoid it.`);
  }
  return ports;
}

/** `<NAME>_URL` for every service, so the gateway and the services find each other. */
export function serviceUrls(topo) {
  return Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${topo.services[name]}`]));
}

async function assertFree(port, what, envVar) {
  if (await portInUse(port)) {
    throw new ProvisionError(`Port ${port} for ${what} is already in use. Stop whatever listens there, or set ${envVar} to use an existing server.`);
  }
}

/**
 * Starts FerretDB and nats-server unless MONGODB_URI / NATS_URL point elsewhere (`own`: start them whatever the
 * environment says, for a test's stack of its own). `supervise` restarts them when they die (processes.mjs). The
 * started processes are in `handles` (ferretdb, nats), for tests that stop and start them.
 */
export async function startInfrastructure({ topo, dataDir, echo = false, own = false, supervise = false, handles = {} }) {
  const logs = join(dataDir, 'logs');
  const outer = own ? {} : process.env;
  let mongodbUri = outer.MONGODB_URI;
  let natsUrl = outer.NATS_URL;
  const waits = [];
  if (!mongodbUri) {
    const bin = ensureFerretdb();
    await assertFree(topo.mongoPort, 'FerretDB', 'MONGODB_URI');
    mkdirSync(join(dataDir, 'ferretdb'), { recursive: true });
    const h = startProcess('ferretdb', bin, ['--listen-addr', `127.0.0.1:${topo.mongoPort}`, '--data-dir', join(dataDir, 'ferretdb'), '--log-level', 'error'],
      { logFile: join(logs, 'ferretdb.log'), echo, supervise: supervise && { ready: (again) => waitForPort(again, topo.mongoPort) } });
    handles.ferretdb = h;
    waits.push(waitForPort(h, topo.mongoPort));
    mongodbUri = `mongodb://127.0.0.1:${topo.mongoPort}/`;
  }
  if (!natsUrl) {
    const bin = ensureNatsServer();
    await assertFree(topo.natsPort, 'NATS', 'NATS_URL');
    mkdirSync(join(dataDir, 'nats'), { recursive: true });
    const h = startProcess('nats', bin, ['-a', '127.0.0.1', '-p', String(topo.natsPort), '-js', '-sd', join(dataDir, 'nats')],
      { logFile: join(logs, 'nats.log'), echo, supervise: supervise && { ready: (again) => waitForPort(again, topo.natsPort) } });
    handles.nats = h;
    waits.push(waitForPort(h, topo.natsPort));
    natsUrl = `nats://127.0.0.1:${topo.natsPort}`;
  }
  const standIns = await startPaymentStandIns({ topo, logs, echo, waits, outer, supervise });
  await Promise.all(waits);
  return { MONGODB_URI: mongodbUri, NATS_URL: natsUrl, ...standIns };
}

/**
 * The local Razorpay and PayPal stand-ins (deploy/local/stand-ins), unless real keys are in the environment
 * (RAZORPAY_KEY_ID / PAYPAL_CLIENT_ID): then svc-billing talks to the real gateways and nothing starts here.
 * Returns the env that points svc-billing (and the tests) at them; their webhooks go to svc-billing directly.
 */
async function startPaymentStandIns({ topo, logs, echo, waits, outer, supervise }) {
  const env = {};
  const script = (name) => join(repoRoot, 'deploy', 'local', 'stand-ins', `${name}.mjs`);
  const billing = `http://127.0.0.1:${topo.services.billing}`;
  if (!outer.RAZORPAY_KEY_ID) {
    const { RAZORPAY_STAND_IN_KEYS: k } = await import('./stand-ins/razorpay.mjs');
    await assertFree(topo.standIns.razorpay, 'the Razorpay stand-in', 'RAZORPAY_KEY_ID');
    Object.assign(env, {
      RAZORPAY_KEY_ID: k.keyId, RAZORPAY_KEY_SECRET: k.keySecret, RAZORPAY_WEBHOOK_SECRET: k.webhookSecret,
      RAZORPAY_API_URL: `http://127.0.0.1:${topo.standIns.razorpay}`,
    });
    const h = startProcess('razorpay-stand-in', process.execPath, [script('razorpay')], {
      env: { PORT: String(topo.standIns.razorpay), STAND_IN_WEBHOOK_URLS: `${billing}/api/webhooks/razorpay` }, logFile: join(logs, 'razorpay-stand-in.log'), echo,
      supervise: supervise && { ready: (again) => waitForPort(again, topo.standIns.razorpay) },
    });
    waits.push(waitForPort(h, topo.standIns.razorpay));
  }
  if (!outer.PAYPAL_CLIENT_ID) {
    const { PAYPAL_STAND_IN_KEYS: k } = await import('./stand-ins/paypal.mjs');
    await assertFree(topo.standIns.paypal, 'the PayPal stand-in', 'PAYPAL_CLIENT_ID');
    Object.assign(env, {
      PAYPAL_CLIENT_ID: k.clientId, PAYPAL_CLIENT_SECRET: k.clientSecret, PAYPAL_WEBHOOK_ID: k.webhookId,
      PAYPAL_API_URL: `http://127.0.0.1:${topo.standIns.paypal}`,
    });
    const h = startProcess('paypal-stand-in', process.execPath, [script('paypal')], {
      env: { PORT: String(topo.standIns.paypal), STAND_IN_WEBHOOK_URLS: `${billing}/api/webhooks/paypal` }, logFile: join(logs, 'paypal-stand-in.log'), echo,
      supervise: supervise && { ready: (again) => waitForPort(again, topo.standIns.paypal) },
    });
    waits.push(waitForPort(h, topo.standIns.paypal));
  }
  return env;
}

/**
 * Starts one service on its port; resolves with its process once it answers /readyz. The chaos run restarts with it.
 * `nodeArgs` go before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startService(name, { topo, env, logs, echo = false, nodeArgs = [], supervise = false }) {
  const cwd = join(repoRoot, `svc-${name}`);
  const ready = (h) => waitForHttp(h, `http://127.0.0.1:${topo.services[name]}/readyz`, 90_000);
  await buildSlices([`svc-${name}`]);
  const h = startProcess(`svc-${name}`, process.execPath, [...nodeArgs, ...BUILT_ENTRY],
    { cwd, env: { ...env, PORT: String(topo.services[name]) }, logFile: join(logs, `svc-${name}.log`), echo, supervise: supervise && { ready } });
  await ready(h);
  return h;
}

/**
 * The local OpenAI-compatible stand-in (deploy/local/stand-ins/openai.mjs) for PDF → questions, unless a real key is
 * set (OPENAI_API_KEY) or LP_AI_STAND_IN=off; returns the env that points svc-content at it.
 */
export async function startAiStandIn({ topo, logs, echo = false, supervise = false }) {
  if (process.env.OPENAI_API_KEY || /^(off|false|0|no)$/i.test(process.env.LP_AI_STAND_IN ?? '')) return {};
  const port = topo.standIns.openai;
  await assertFree(port, 'the OpenAI stand-in', 'OPENAI_API_KEY (a real key skips the stand-in) or LP_AI_STAND_IN=off');
  const h = startProcess('openai-stand-in', process.execPath, [join(repoRoot, 'deploy/local/stand-ins/openai.mjs'), String(port)],
    { logFile: join(logs, 'openai-stand-in.log'), echo, supervise: supervise && { ready: (again) => waitForPort(again, port) } });
  await waitForPort(h, port);
  return { OPENAI_API_KEY: 'stand-in', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MODEL: 'stand-in' };
}

/**
 * Starts the six services (or those in `only`) and the gateway, and waits until each is ready. `supervise` restarts
 * whichever dies (`npm start`); the chaos run kills and restarts svc-study itself, so its stacks leave it off.
 */
export async function startApplications({ topo, dataDir, infraEnv, extraEnv = {}, echo = false, supervise = false, only = SERVICES }) {
  const logs = join(dataDir, 'logs');
  const env = { ...infraEnv, ...serviceUrls(topo), LP_DATA_DIR: dataDir, OIDC_PORT: String(topo.oidcPort), PUBLIC_URL: `http://127.0.0.1:${topo.gatewayPort}`, ...(await startAiStandIn({ topo, logs, echo, supervise })), ...extraEnv };
  const services = {};
  await Promise.all(only.filter((name) => existsSync(join(repoRoot, `svc-${name}`, 'src', 'server.ts'))).map(async (name) => {
    services[name] = await startService(name, { topo, env, logs, echo, supervise });
  }));
  const gatewayReady = (h) => waitForHttp(h, `http://127.0.0.1:${topo.gatewayPort}/healthz`, 60_000);
  await buildSlices(['gateway']);
  const gw = startProcess('gateway', process.execPath, BUILT_ENTRY,
    { cwd: join(repoRoot, 'gateway'), env: { ...env, PORT: String(topo.gatewayPort), STATIC_ROOT: repoRoot }, logFile: join(logs, 'gateway.log'), echo, supervise: supervise && { ready: gatewayReady } });
  await gatewayReady(gw);
  return { url: `http://127.0.0.1:${topo.gatewayPort}`, env, logs, services, gateway: gw };
}
