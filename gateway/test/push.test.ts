// The push stream (src/push.ts) over a real socket, fed through the real NATS of the slices' global setup.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { PushMessage } from '@lp/contracts';
import { publishPush } from '@lp/service-kit';
import { announceSessionEnded } from '@lp/service-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile, startGateway } from './helpers';

const NATS_URL = process.env.NATS_URL!;
// Idle limits far shorter than a held stream's life: the stream must outlive both.
const setup = gatewayForFile({ gateway: { keepAliveMs: 200, socketIdleMs: 200, pushHeartbeatMs: 60_000 }, listen: true });
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connect({ servers: NATS_URL });
});

afterAll(async () => {
  await nc?.drain();
});

/** A learner id of its own per test (24 hex), so tests never see each other's messages. */
const newUser = () => randomUUID().replace(/-/g, '').slice(0, 24);

interface Frame { event: string; data: string }

/** An open stream: its status, its frames as they arrive, and a way to wait for the next one. */
async function openStream(cookie: string | undefined, url = `${setup.base}/api/events`) {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(url, { headers: cookie ? { cookie } : {} }, resolve);
    req.on('error', reject);
    req.end();
  });
  const frames: Frame[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let closed = false;
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    body += chunk;
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const frame: Frame = { event: 'message', data: '' };
      let isFrame = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) { frame.event = line.slice(7); isFrame = true; }
        else if (line.startsWith('data: ')) { frame.data = line.slice(6); isFrame = true; }
      }
      if (isFrame) frames.push(frame);
    }
    for (const w of waiters.splice(0)) w();
  });
  res.on('close', () => { closed = true; for (const w of waiters.splice(0)) w(); });
  const changed = () => new Promise<void>((r) => waiters.push(r));
  return {
    res, frames, comments,
    get closed() { return closed; },
    get body() { return body; },
    /** Waits until `count` frames have arrived (or the stream closed). */
    async frame(count: number) {
      while (frames.length < count && !closed) await changed();
      return frames[count - 1];
    },
    async comment(text: string) {
      while (!comments.includes(text) && !closed) await changed();
      return comments.includes(text);
    },
    async ended() {
      while (!closed) await changed();
    },
    close: () => res.destroy(),
  };
}

function progressFor(answerId = randomUUID()): PushMessage {
  return {
    type: 'progress',
    answerIds: [answerId],
    chapters: [{
      chapterId: '64b7f0c2a1b2c3d4e5f60718', questionsCorrect: 3, totalQuestions: 4, accuracyPercentage: 75,
      createdAt: new Date().toISOString(), firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
      revisionStage: 0, revisionDue: false, revisionsDone: 0, nextRevisionAt: null,
    }],
  };
}

describe('GET /api/events', () => {
  it('refuses a visitor and a forged session with 401 in the one error shape', async () => {
    const visitor = await openStream(undefined);
    await visitor.ended();
    expect(visitor.res.statusCode).toBe(401);
    expect(JSON.parse(visitor.body)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const forged = await openStream('lp_session=not-a-token');
    await forged.ended();
    expect(forged.res.statusCode).toBe(401);
    expect(String(forged.res.headers['set-cookie'])).toMatch(/^lp_session=;/);
  });

  it("writes a user's push messages to each of that user's streams, and nobody else's", async () => {
    const user = newUser();
    const other = newUser();
    const tabA = await openStream(`lp_session=${await setup.keys.session(user)}`);
    const tabB = await openStream(`lp_session=${await setup.keys.session(user)}`);
    const stranger = await openStream(`lp_session=${await setup.keys.session(other)}`);
    expect(tabA.res.statusCode).toBe(200);
    expect(tabA.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(tabA.res.headers['cache-control']).toBe('no-store');
    await Promise.all([tabA.comment('open'), tabB.comment('open'), stranger.comment('open')]);

    // Off the contract (a service bug): dropped, never written to a browser.
    nc.publish(`push.user.${user}`, JSON.stringify({ type: 'progress', chapters: [], answerIds: [] }));
    const message = progressFor();
    publishPush(nc, user, message);
    const [a, b] = await Promise.all([tabA.frame(1), tabB.frame(1)]);
    expect(a).toEqual({ event: 'progress', data: JSON.stringify(message) });
    expect(b).toEqual(a);

    // The stranger's stream got nothing: a message of its own arrives as its first frame.
    const own: PushMessage = { type: 'payment', paymentId: 'order_1', status: 'captured', provider: 'razorpay', amount: '499.00', currency: 'INR' };
    publishPush(nc, other, own);
    expect(await stranger.frame(1)).toEqual({ event: 'payment', data: JSON.stringify(own) });
    for (const s of [tabA, tabB, stranger]) s.close();
  });

  it('ends the stream at once when the session ends (sign-out), with the reason, and refuses it afterwards', async () => {
    const user = newUser();
    const sid = randomUUID();
    const cookie = `lp_session=${await setup.keys.session(user, 'learner', { sid })}`;
    const stream = await openStream(cookie);
    await stream.comment('open');
    expect(setup.gateway.pushStreams.size).toBeGreaterThanOrEqual(1);
    await announceSessionEnded(NATS_URL, { sid, userId: user });
    expect(await stream.frame(1)).toEqual({ event: 'end', data: '{"reason":"signed-out"}' });
    await stream.ended();
    const again = await openStream(cookie);
    await again.ended();
    expect(again.res.statusCode).toBe(401);
  });

  it('ends the stream when the session token expires', async () => {
    const stream = await openStream(`lp_session=${await setup.keys.session(newUser(), 'learner', { expiresIn: '2s' })}`);
    expect(stream.res.statusCode).toBe(200);
    expect(await stream.frame(1)).toEqual({ event: 'end', data: '{"reason":"expired"}' });
    await stream.ended();
  });

  it('holds at most six tabs per user: a seventh ends the oldest, which is told why', async () => {
    const user = newUser();
    const cookie = `lp_session=${await setup.keys.session(user)}`;
    const tabs = [];
    for (let i = 0; i < 7; i++) {
      const tab = await openStream(cookie);
      await tab.comment('open');
      tabs.push(tab);
    }
    expect(await tabs[0]!.frame(1)).toEqual({ event: 'end', data: '{"reason":"too-many-tabs"}' });
    await tabs[0]!.ended();
    // The six others still get messages.
    const message = progressFor();
    publishPush(nc, user, message);
    for (const tab of tabs.slice(1)) expect((await tab.frame(1))?.event).toBe('progress');
    for (const tab of tabs) tab.close();
  });

  it('is not cut by the idle limits: a stream held longer than both still gets its messages', async () => {
    const user = newUser();
    const stream = await openStream(`lp_session=${await setup.keys.session(user)}`);
    await stream.comment('open');
    // Several times the 200 ms keep-alive and socket idle limits of this gateway, with no byte moving.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stream.closed).toBe(false);
    publishPush(nc, user, progressFor());
    expect((await stream.frame(1))?.event).toBe('progress');
    stream.close();
  });
});

describe('heartbeat', () => {
  it('writes a comment to every held stream on each beat', async () => {
    const beating = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, pushHeartbeatMs: 50 });
    const url = await beating.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openStream(`lp_session=${await setup.keys.session(newUser())}`, `${url}/api/events`);
      expect(await stream.comment('hb')).toBe(true);
      stream.close();
    } finally {
      await beating.close();
    }
  });

  it('ends held streams when the gateway closes, telling the browser to reconnect', async () => {
    const closing = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier });
    const url = await closing.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`lp_session=${await setup.keys.session(newUser())}`, `${url}/api/events`);
    await stream.comment('open');
    await closing.close();
    expect(await stream.frame(1)).toEqual({ event: 'end', data: '{"reason":"closing"}' });
  });
});
