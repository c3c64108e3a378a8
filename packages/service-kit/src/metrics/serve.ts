// `GET /metrics` on a port of its own, for a scraper that must not reach the process's API port (the gateway's is
// the public origin; a service's is open only to the gateway, deploy/k8s/base/network-policies.yaml).
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics';

export async function serveMetrics(metrics: Metrics, port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end();
    metrics.prometheusText().then(
      (text) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

/** METRICS_PORT (or the gateway's GATEWAY_METRICS_PORT): a port number, or undefined when unset. */
export function metricsPortOf(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name} must be a port number, not "${value}".`);
  return port;
}
