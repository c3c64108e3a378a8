// Provisions the embedded default's tools once into a cache outside the checkout:
// FerretDB (our embedding main, built from the Go module proxy), nats-server, and Debian's Chromium; the Go tools
// of the benches and checks (k6 with our extension, the Kubernetes manifest validator); and the trace viewer (Zipkin).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATCHES, patchVendored } from './ferretdb/patches.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const NATS_VERSION = 'v2.12.3';

export const toolsDir = process.env.LP_TOOLS_DIR
  ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'learnplatform', 'tools');

export class ProvisionError extends Error {}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim(), error: r.error };
}

function hasGo() {
  return run('go', ['version']).ok;
}

function timed(label, fn) {
  const started = Date.now();
  process.stdout.write(`[tools] ${label}... `);
  const result = fn();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * FerretDB v1.24.2 on SQLite, through deploy/local/ferretdb (see its main.go for why not `go install`), with the
 * source lines in ferretdb/patches.mjs replaced at build time.
 */
export function ensureFerretdb() {
  const src = join(here, 'ferretdb');
  const key = createHash('sha256')
    .update(['go.mod', 'go.sum', 'main.go'].map((f) => readFileSync(join(src, f))).join('\0'))
    .update(JSON.stringify(PATCHES))
    .digest('hex').slice(0, 12);
  const bin = join(toolsDir, `ferretdb-${key}`, 'ferretdb');
  if (existsSync(bin)) return bin;
  if (!hasGo()) {
    throw new ProvisionError('FerretDB is not built and Go is not installed. Install Go 1.24+, or set MONGODB_URI to an existing MongoDB (e.g. mongodb://127.0.0.1:27017).');
  }
  mkdirSync(dirname(bin), { recursive: true });
  const tmp = `${bin}.tmp-${process.pid}`;
  // Built from a vendored copy in a scratch folder (Go refuses to overlay files of its module cache), in which
  // the lines of ferretdb/overlay.mjs are replaced.
  const work = `${tmp}-src`;
  const r = timed('building FerretDB v1.24.2 from the Go module proxy (first time only, about 2 minutes)', () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    for (const f of ['go.mod', 'go.sum', 'main.go']) writeFileSync(join(work, f), readFileSync(join(src, f)));
    const vendored = run('go', ['mod', 'vendor'], { cwd: work });
    if (!vendored.ok) return vendored;
    try { patchVendored(join(work, 'vendor', 'github.com', 'FerretDB', 'FerretDB')); } catch (err) { return { ok: false, out: err.message }; }
    return run('go', ['build', '-mod=vendor', '-trimpath', '-o', tmp, '.'], { cwd: work, env: { ...process.env, CGO_ENABLED: '0' } });
  });
  rmSync(work, { recursive: true, force: true });
  if (!r.ok) {
    rmSync(tmp, { force: true });
    throw new ProvisionError(`Building FerretDB failed:\n${r.out}\nSet MONGODB_URI to an existing MongoDB to skip it.`);
  }
  renameSync(tmp, bin);
  return bin;
}

/**
 * A Go main kept in this repository (its own go.mod), built from the Go module proxy into the tools cache, keyed by
 * its files: a change to any of them builds it again.
 */
function ensureGoMain({ name, src, files, pkg = '.', binary, label, duration, goVersion }) {
  const key = createHash('sha256')
    .update(files.map((f) => readFileSync(join(src, f))).join('\0'))
    .digest('hex').slice(0, 12);
  const bin = join(toolsDir, `${name}-${key}`, binary);
  if (existsSync(bin)) return bin;
  if (!hasGo()) throw new ProvisionError(`Go is needed to build ${label} and is not installed. Install Go ${goVersion}+.`);
  mkdirSync(dirname(bin), { recursive: true });
  const tmp = `${bin}.tmp-${process.pid}`;
  const r = timed(`building ${label} from the Go module proxy (first time only, ${duration})`, () =>
    run('go', ['build', '-trimpath', '-o', tmp, pkg], { cwd: src, env: { ...process.env, CGO_ENABLED: '0' } }));
  if (!r.ok) {
    rmSync(tmp, { force: true });
    throw new ProvisionError(`Building ${label} failed:\n${r.out}`);
  }
  renameSync(tmp, bin);
  return bin;
}

/**
 * k6 v1.8.1 with our push-streams extension (deploy/k6/push-streams: many SSE streams per VU), built like xk6 would
 * but with nothing beyond the Go module proxy: the extension's module has its own `cmd/k6` main. For `npm run
 * bench:push` and its small size in `npm test`.
 */
export function ensureK6Push() {
  return ensureGoMain({
    name: 'k6-push',
    src: join(here, '..', 'k6', 'push-streams'),
    files: ['go.mod', 'go.sum', 'streams.go', 'cmd/k6/main.go'],
    pkg: './cmd/k6',
    binary: 'k6',
    label: 'k6 v1.8.1 with the push-streams extension',
    duration: '2-5 minutes',
    goVersion: '1.25',
  });
}

/**
 * The Kubernetes manifest validator (deploy/k8s/validate): renders a kustomization with kustomize's API and decodes
 * every object strictly into k8s.io/api's types. For `npm run check:k8s` and deploy/test/k8s-manifests.test.mjs.
 */
export function ensureK8sValidator() {
  return ensureGoMain({
    name: 'k8s-validate',
    src: join(here, '..', 'k8s', 'validate'),
    files: ['go.mod', 'go.sum', 'main.go'],
    binary: 'validate',
    label: 'the Kubernetes manifest validator (kustomize/api v0.21.1, k8s.io/api v0.35.10)',
    duration: 'about 2 minutes',
    goVersion: '1.25',
  });
}

/** nats-server with JetStream: built from the Go module proxy, else Debian's package. */
export function ensureNatsServer() {
  const dir = join(toolsDir, `nats-server-${NATS_VERSION}`);
  const bin = join(dir, 'nats-server');
  if (existsSync(bin)) return bin;
  if (hasGo()) {
    mkdirSync(dir, { recursive: true });
    const r = timed(`building nats-server ${NATS_VERSION} from the Go module proxy (first time only, about 2 minutes)`, () =>
      run('go', ['install', `github.com/nats-io/nats-server/v2@${NATS_VERSION}`], { env: { ...process.env, GOBIN: dir, CGO_ENABLED: '0' } }));
    if (r.ok && existsSync(bin)) return bin;
    console.warn(`[tools] building nats-server failed, trying Debian's package:\n${r.out}`);
  }
  for (const candidate of ['/usr/sbin/nats-server', '/usr/bin/nats-server']) if (existsSync(candidate)) return candidate;
  const apt = aptInstall('nats-server');
  for (const candidate of ['/usr/sbin/nats-server', '/usr/bin/nats-server']) if (existsSync(candidate)) return candidate;
  throw new ProvisionError(`nats-server could not be provisioned (${apt}). Install it, or set NATS_URL to an existing NATS server with JetStream.`);
}

export const ZIPKIN_VERSION = '3.5.1';

/**
 * The trace viewer of `npm run traces`: Zipkin's server (its UI inside, spans kept in memory), one executable jar
 * from Maven Central fetched with Maven, run with the machine's Java 17. Not Jaeger: built from the Go module proxy
 * it embeds only a placeholder page for its UI (the real one is built from the jaeger-ui repository, which no
 * registry here serves). The services send it spans with OpenTelemetry's Zipkin exporter (deploy/local/traces.mjs).
 */
export function ensureZipkin() {
  const dir = join(toolsDir, `zipkin-${ZIPKIN_VERSION}`);
  const jar = join(dir, 'zipkin.jar');
  if (existsSync(jar)) return jar;
  if (!run('java', ['-version']).ok) throw new ProvisionError('The trace viewer (Zipkin) needs Java 17+, which is not installed.');
  if (!run('mvn', ['-v']).ok) throw new ProvisionError('Maven is needed to fetch the trace viewer (Zipkin) from Maven Central, and is not installed.');
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const r = timed(`fetching Zipkin ${ZIPKIN_VERSION} from Maven Central (first time only, about 130 MB)`, () =>
    run('mvn', ['-B', '-q', 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy', `-Dartifact=io.zipkin:zipkin-server:${ZIPKIN_VERSION}:jar:exec`,
      `-DoutputDirectory=${tmp}`, '-Dmdep.stripVersion=true', '-Dmdep.stripClassifier=true'], { cwd: tmp }));
  const fetched = join(tmp, 'zipkin-server.jar');
  if (!r.ok || !existsSync(fetched)) {
    rmSync(tmp, { recursive: true, force: true });
    throw new ProvisionError(`Fetching Zipkin failed:\n${r.out}`);
  }
  renameSync(fetched, join(tmp, 'zipkin.jar'));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return jar;
}

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Debian's Chromium for the e2e tests (browser downloads by test tools cannot work here). */
export function ensureChromium() {
  const bin = chromiumPath();
  if (existsSync(bin)) return bin;
  const apt = aptInstall('chromium');
  if (existsSync(bin)) return bin;
  throw new ProvisionError(`Chromium is missing at ${bin} and could not be installed (${apt}). Install Debian's chromium package, or set CHROMIUM_PATH.`);
}

function aptInstall(pkg) {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'not root, cannot apt-get install';
  return timed(`installing Debian package ${pkg}`, () => {
    const update = run('apt-get', ['update', '-qq']);
    if (!update.ok) return `apt-get update failed: ${update.out.slice(-500)}`;
    const r = run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return r.ok ? 'installed' : `apt-get install failed: ${r.out.slice(-500)}`;
  });
}
