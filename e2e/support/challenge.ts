import { signIn } from './auth';
import { baseUrl, launchChromium } from './browser';

/**
 * A real challenge link, as the Challenge a Friend dialog makes it: the seeded subscriber (in a context of its own)
 * finishes a topic quiz and creates a link to it. The guest then loads the link with no account.
 */
export async function challengeLink(): Promise<string> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const subscriber = await context.newPage();
    await signIn(subscriber, 'subscriber');
    const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
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
    await call('POST', '/api/auth/disclaimer/accept');
    for (const s of await call<{ id: string }[]>('GET', '/api/sessions/paused')) await call('DELETE', `/api/sessions/${s.id}`);
    const subjects = await call<{ chapters: { topics?: { id: string; questionCount: number }[] }[] }[]>('GET', `/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
    const topic = subjects.flatMap((s) => s.chapters).filter((c) => (c.topics ?? []).length > 0).at(-1)!.topics![0]!;
    const session = await call<{ id: string }>('POST', '/api/sessions', { mode: 'topic', topicId: topic.id, questionsCount: topic.questionCount });
    await call('PATCH', `/api/sessions/${session.id}`, { timeSpent: 30, completed: true });
    // On a stack just started, the seed's subscription for the subscriber may not have reached the challenge service
    // yet (an event): until it has, creating a challenge answers 403 NOT_ENTITLED. Ask again until it is there.
    for (let attempt = 1; ; attempt++) {
      const res = await subscriber.request.fetch(`${baseUrl()}/api/challenges`, { method: 'POST', data: { sessionId: session.id, maxUses: null } });
      if (res.ok()) {
        const { token } = (await res.json()) as { token: string };
        // What the guest's page asks first: wait until the challenge service answers it (it reads the finished quiz).
        for (let tries = 1; !(await subscriber.request.fetch(`${baseUrl()}/api/challenges/token/${token}`)).ok(); tries++) {
          if (tries >= 60) throw new Error(`the new challenge ${token} is not found`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return `/c/${token}`;
      }
      const body = await res.text();
      if (res.status() !== 403 || !body.includes('NOT_ENTITLED') || attempt >= 60) throw new Error(`POST /api/challenges: ${res.status()} ${body}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await browser.close();
  }
}
