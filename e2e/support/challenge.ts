import type { Page } from 'playwright-core';
import { signIn } from './auth';
import { baseUrl, launchChromium } from './browser';

type Call = <T>(method: string, path: string, data?: unknown) => Promise<T>;

/** The seeded subscriber's API as their page calls it, a warming-up service (503) asked again. */
function callsAs(subscriber: Page): Call {
  return async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    let res = await subscriber.request.fetch(`${baseUrl()}${path}`, { method, ...(data === undefined ? {} : { data }) });
    // On a stack just started, a service may still be warming up (503 with Retry-After): ask again, as the pages do.
    for (let tries = 1; res.status() === 503 && tries < 60; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      res = await subscriber.request.fetch(`${baseUrl()}${path}`, { method, ...(data === undefined ? {} : { data }) });
    }
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

/**
 * The seeded subscriber (in a browser of its own) finishes a topic quiz and makes a challenge of it, as the Challenge
 * a Friend dialog does: `target` is the request's body beyond the session (`maxUses` for a link, `challengedId` for a
 * friend). Resolves with the new challenge once the challenge service answers for its token.
 */
async function subscriberChallenge(target: (call: Call) => Promise<Record<string, unknown>>): Promise<{ id: string; token: string }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const subscriber = await context.newPage();
    await signIn(subscriber, 'subscriber');
    const call = callsAs(subscriber);
    await call('POST', '/api/auth/disclaimer/accept');
    for (const s of await call<{ id: string }[]>('GET', '/api/sessions/paused')) await call('DELETE', `/api/sessions/${s.id}`);
    const subjects = await call<{ chapters: { topics?: { id: string; questionCount: number }[] }[] }[]>('GET', `/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
    const topic = subjects.flatMap((s) => s.chapters).filter((c) => (c.topics ?? []).length > 0).at(-1)!.topics![0]!;
    const session = await call<{ id: string }>('POST', '/api/sessions', { mode: 'topic', topicId: topic.id, questionsCount: topic.questionCount });
    await call('PATCH', `/api/sessions/${session.id}`, { timeSpent: 30, completed: true });
    const body = { sessionId: session.id, ...(await target(call)) };
    // On a stack just started, the seed's subscription for the subscriber may not have reached the challenge service
    // yet (an event): until it has, creating a challenge answers 403 NOT_ENTITLED. Ask again until it is there.
    for (let attempt = 1; ; attempt++) {
      const res = await subscriber.request.fetch(`${baseUrl()}/api/challenges`, { method: 'POST', data: body });
      if (res.ok()) {
        const created = (await res.json()) as { id: string; token: string };
        // What the guest's page asks first: wait until the challenge service answers it (it reads the finished quiz).
        for (let tries = 1; !(await subscriber.request.fetch(`${baseUrl()}/api/challenges/token/${created.token}`)).ok(); tries++) {
          if (tries >= 60) throw new Error(`the new challenge ${created.token} is not found`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return created;
      }
      const text = await res.text();
      if (res.status() !== 403 || !text.includes('NOT_ENTITLED') || attempt >= 60) throw new Error(`POST /api/challenges: ${res.status()} ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await browser.close();
  }
}

/** A real challenge link (`/c/{token}`): the guest then loads it with no account. */
export async function challengeLink(): Promise<string> {
  const { token } = await subscriberChallenge(async () => ({ maxUses: null }));
  return `/c/${token}`;
}

/** A challenge the subscriber sends to the user with `email` (found as the dialog finds a friend): its `/challenge/{id}`. */
export async function directChallengeTo(email: string, message = ''): Promise<string> {
  const { id } = await subscriberChallenge(async (call) => {
    // A user who has just signed up reaches the search through an event: ask again until they are found.
    for (let tries = 1; ; tries++) {
      try {
        const friend = await call<{ id: string }>('GET', `/api/users/search?email=${encodeURIComponent(email)}`);
        return { challengedId: friend.id, message };
      } catch (error) {
        if (tries >= 60 || !String(error).includes(': 404 ')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  });
  return `/challenge/${id}`;
}
