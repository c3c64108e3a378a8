// Signs in over plain HTTP through the local provider's "New learner" form, as a browser would: follows the
// redirects of the code flow with a cookie jar and returns the cookies the gateway set. For scripts (the chaos
// run, the bench) that need many learners of their own; the embedded default's local provider only.

/** A fresh free learner per e-mail (the same learner for the same e-mail). Resolves with a Cookie header value. */
export async function signInNewLearner(baseUrl, { name, email }) {
  return signInAs(baseUrl, { account: 'new-learner', name, email }, email);
}

/** A demo account of the provider's login page (`demo-learner`, `demo-subscriber`, `demo-owner`). Resolves with a Cookie header value. */
export async function signInDemo(baseUrl, account) {
  return signInAs(baseUrl, { account }, account);
}

async function signInAs(baseUrl, fields, who) {
  const email = who;
  const jar = new Map();
  const remember = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), value);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL('/api/login', baseUrl).href;
  let method = 'GET';
  let body;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method, redirect: 'manual', body,
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin } : {}) },
    });
    remember(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /<form method="post" action="([^"]+\/login)" class="new-learner"/.exec(html);
    if (form && method === 'GET') {
      url = new URL(form[1].replace(/&amp;/g, '&'), url).href;
      method = 'POST';
      body = new globalThis.URLSearchParams(fields).toString();
      continue;
    }
    if (new URL(url).origin === new URL(baseUrl).origin && [...jar.keys()].some((k) => k.endsWith('lp_session'))) return cookie();
    throw new Error(`sign-in as ${email} stopped at ${url} (${res.status}): ${html.slice(0, 200)}`);
  }
  throw new Error(`sign-in as ${email} did not finish within 20 redirects`);
}
