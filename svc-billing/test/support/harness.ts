// svc-billing on the real FerretDB and NATS, talking to the local Razorpay and PayPal stand-ins through the
// official SDKs (started by the global setup, see deploy/local/stack.mjs), with a real svc-study on the same
// instance tag consuming billing's events. The test's billing listens on a port so the stand-ins' webhooks reach it.
import type { ServiceApp } from '@lp/service-kit';
import { createServiceHarness, uniqueDbName, type TestKeys } from '@lp/service-kit/testing';
import { Types } from 'mongoose';
import { createStudyService } from '../../../svc-study/src/app';
import { createBillingService, type BillingOptions } from '../../src/app';

export const newId = () => new Types.ObjectId().toHexString();
export const RAZORPAY_URL = () => process.env.RAZORPAY_API_URL!;
export const PAYPAL_URL = () => process.env.PAYPAL_API_URL!;

export interface Harness {
  billing: ServiceApp;
  study: ServiceApp | null;
  keys: TestKeys;
  tag: string;
  billingDb: string;
  studyDb: string;
  webhookBase: string;
  as(userId: string): Promise<Record<string, string>>;
  startStudy(): Promise<ServiceApp>;
  stopStudy(): Promise<void>;
  close(): Promise<void>;
}

/** Registers (or removes) this test's billing as a webhook target of a stand-in, as one would in the gateway's dashboard. */
export async function webhookTarget(standIn: string, url: string, on = true) {
  await fetch(`${standIn}/__stand-in/webhooks`, { method: on ? 'POST' : 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
}

export async function startHarness({ webhooks = true, options = {} }: { webhooks?: boolean; options?: BillingOptions } = {}): Promise<Harness> {
  const kit = await createServiceHarness();
  const billingDb = uniqueDbName('billing');
  const studyDb = uniqueDbName('study');
  const billing = await kit.build(createBillingService({
    ...options, // No demo grant unless a test asks: its ids are fixed, and test files share one NATS stream (and svc-study reads it all).
    config: { publicUrl: 'http://127.0.0.1:9', reconcileIntervalMs: 60_000, reconcileAfterMs: 0, demoGrant: false, ...options.config },
  }), { dbName: billingDb, relay: { intervalMs: 300, graceMs: 500 } });
  const webhookBase = `${await kit.listen(billing)}/api/webhooks`;
  if (webhooks) {
    await webhookTarget(RAZORPAY_URL(), `${webhookBase}/razorpay`);
    await webhookTarget(PAYPAL_URL(), `${webhookBase}/paypal`);
  }
  const h: Harness = {
    billing, study: null, keys: kit.keys, tag: kit.tag, billingDb, studyDb, webhookBase,
    as: (userId) => kit.cookieHeader(userId),
    async startStudy() {
      h.study = await kit.build(createStudyService(), { dbName: studyDb });
      return h.study;
    },
    async stopStudy() {
      await h.study?.close();
      h.study = null;
    },
    async close() {
      await webhookTarget(RAZORPAY_URL(), `${webhookBase}/razorpay`, false);
      await webhookTarget(PAYPAL_URL(), `${webhookBase}/paypal`, false);
      await kit.close();
    },
  };
  await h.startStudy();
  return h;
}

/** A person on the stand-in's checkout page pressing Pay, Fail or Cancel: returns where the gateway sends the browser back. */
export async function clickThrough(pageUrl: string, outcome: 'pay' | 'fail' | 'cancel', { country }: { country?: string } = {}): Promise<URL> {
  const page = await fetch(pageUrl);
  if (!page.ok) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  const res = await fetch(new URL(action, pageUrl), {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, outcome, ...(country ? { country } : {}) }).toString(),
  });
  return new URL(res.headers.get('location')!);
}

/** The learner's subscription as svc-study reports it (GET /api/subscription/status). */
export async function studyStatus(h: Harness, userId: string) {
  const res = await h.study!.inject({ method: 'GET', url: '/api/subscription/status', headers: await h.as(userId) });
  return res.json() as { subscriptionStatus: string; canTakeQuiz: boolean; subscriptionEndsAt: string | null };
}
