// GET /api/payment-status: the caller's own payments, newest first, from their account view.
import { GetPaymentStatus } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { BillingContext } from '../context';
import { bucketOf, type PaymentBucket } from '../domain/payment-state';
import { toMoney } from '../domain/prices';

export async function paymentStatusRoutes(ctx: BillingContext) {
  addRoute(ctx.app, GetPaymentStatus, async (request) => {
    const { orders, subscriptions } = await ctx.ledger.account(request.user!.sub);
    // The period each paid order bought, for the learner's receipts.
    const periodOf = new Map(subscriptions.filter((s) => s.orderId).map((s) => [s.orderId, s]));
    const counts: Record<PaymentBucket, number> = { successful: 0, pending: 0, failed: 0, refunded: 0, notCompleted: 0 };
    for (const o of orders) counts[bucketOf(o.state)] += 1;
    const transactions = [...orders]
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
      .slice(0, 50)
      .map((o) => ({
        paymentId: o.paymentId ?? o.orderId, status: o.state, currency: o.currency, amount: toMoney(o.amountMinor),
        method: o.provider, timestamp: new Date(o.updatedAt).toISOString(),
        ...(periodOf.has(o.orderId) && o.state === 'captured'
          ? { validFrom: new Date(periodOf.get(o.orderId)!.startsAt).toISOString(), validUntil: new Date(periodOf.get(o.orderId)!.endsAt).toISOString() }
          : {}),
      }));
    return { ...counts, transactions };
  });
}
