// What both payment stand-ins share: a tiny HTTP toolkit, the checkout page, webhook targets and delivery.
import { createServer } from 'node:http';
import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { URLSearchParams } from 'node:url';

export const randomId = (prefix, length = 14) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

export async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseBody(raw, contentType = '') {
  if (!raw) return {};
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try { return JSON.parse(raw); } catch { return {}; }
}

export function send(res, status, body, headers = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json', ...headers });
  res.end(text);
}

export const redirect = (res, location) => { res.writeHead(303, { location }); res.end(); };

export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The page a person clicks through in place of the gateway's hosted checkout: Pay, Fail or Cancel. */
/** Countries a stand-in payer may be billed in (the gateway reports it: Razorpay as `international`, PayPal as the payer's address). */
export const PAYER_COUNTRIES = ['IN', 'US', 'DE', 'GB'];

export function checkoutPage({ title, amount, currency, description, action, hidden, country = 'IN' }) {
  const fields = Object.entries(hidden).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('')
    + `<p><label>Billing country <select name="country">${PAYER_COUNTRIES.map((c) => `<option${c === country ? ' selected' : ''}>${c}</option>`).join('')}</select></label></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}main{border:1px solid #ccc;border-radius:.5rem;padding:1.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:1px solid #555;cursor:pointer}.pay{background:#15803d;color:#fff}.fail{background:#b91c1c;color:#fff}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p><p><strong>Amount: ${escapeHtml(currency)} ${escapeHtml(amount)}</strong></p>
<p><small>Local stand-in: no money moves.</small></p>
<form method="post" action="${escapeHtml(action)}">${fields}
<button class="pay" name="outcome" value="pay">Pay</button><button class="fail" name="outcome" value="fail">Fail</button><button name="outcome" value="cancel">Cancel</button>
</form></main></body></html>`;
}

/** Where webhooks go: configured at start (like a dashboard setting) and registered by tests. */
export function webhookTargets(initial = []) {
  const targets = new Set(initial.filter(Boolean));
  return {
    list: () => [...targets],
    handle(req, res, body) {
      if (req.method === 'POST') targets.add(String(body.url));
      else if (req.method === 'DELETE') targets.delete(String(body.url));
      send(res, 200, { targets: [...targets] });
    },
  };
}

/** Sends one webhook to every target; a target that is down simply misses it (the service reconciles). */
export async function deliver(targets, body, headersFor) {
  await Promise.all(targets.list().map(async (url) => {
    try {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headersFor(body) }, body, signal: globalThis.AbortSignal.timeout(5000) });
    } catch { /* missed: the gateway would retry later; the service's reconciliation covers it */ }
  }));
}

export function serve(port, handler, name) {
  const server = createServer((req, res) => {
    handler(req, res).catch((err) => { console.error(`[${name}]`, err); if (!res.headersSent) send(res, 500, { error: { description: String(err?.message ?? err) } }); });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { console.log(`[${name}] listening on http://127.0.0.1:${port}`); resolve(server); });
  });
}

export function basicAuth(req) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return { user, password: rest.join(':') };
}
