// A measuring instrument for `npm run bench`, never part of the product: the least any Node HTTP hop can
// do. node:http in, one kept-alive undici pool out (the gateway's settings), the answer written back whole;
// no route table, no session check, no rate limit, no header hygiene. Run side by side with the gateway it
// shows how much of the gateway's cost is the hop itself on this machine, and how much is the gateway's
// own work.
//   FLOOR_PORT  FLOOR_UPSTREAM (http://127.0.0.1:4001)
//   FLOOR_HEADERS=1: also the headers the gateway must add (run under `--import tsx`): X-Request-Id and
//   X-Forwarded-For to the service; X-Request-Id and the gateway's own API security headers (the gateway
//   package's public export `gateway/security-headers`, the same values) on every answer. Side by side with
//   the bare floor it tells what those headers cost apart from the gateway's checks.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { Pool } from 'undici';

const upstream = new Pool(process.env.FLOOR_UPSTREAM ?? 'http://127.0.0.1:4001', {
  connections: 128, pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000,
});
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding']);
const securityHeaders = process.env.FLOOR_HEADERS === '1'
  ? (await import('gateway/security-headers')).securityHeaders({ production: false, kind: 'api' })
  : null;
let requests = 0;

const server = createServer((req, res) => {
  const headers = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(req.rawHeaders[i].toLowerCase())) headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const requestId = securityHeaders ? `0123456789ab-${(++requests).toString(36)}` : '';
  if (securityHeaders) headers.push('x-request-id', requestId, 'x-forwarded-for', req.socket.remoteAddress ?? '');
  const chunks = [];
  let status = 502;
  let answerHeaders = {};
  upstream.dispatch({ method: req.method, path: req.url, headers }, {
    onRequestStart() {},
    onResponseStart(_controller, statusCode, responseHeaders) {
      status = statusCode;
      answerHeaders = responseHeaders;
    },
    onResponseData(_controller, chunk) { chunks.push(chunk); },
    onResponseEnd() {
      delete answerHeaders.connection;
      delete answerHeaders['keep-alive'];
      if (securityHeaders) {
        answerHeaders['x-request-id'] = requestId;
        for (const [name, value] of securityHeaders) answerHeaders[name] = value;
      }
      res.writeHead(status, answerHeaders);
      res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    },
    onResponseError(_controller, err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(err.message);
    },
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.FLOOR_PORT ?? 0), '127.0.0.1', () => console.log(`floor proxy on ${server.address().port}`));
const stop = () => server.close(() => upstream.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
